# For run.sh: opens N idle keep-alive connections (one request each, then silence) and holds them for T seconds.
import socket, sys, time
n, t, port = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
socks = []
for _ in range(n):
    s = socket.create_connection(("127.0.0.1", port)); s.sendall(b"GET /hello HTTP/1.1\r\nHost: x\r\n\r\n"); socks.append(s)
ok = 0
for s in socks:
    s.settimeout(5)
    try:
        if s.recv(4096): ok += 1
    except OSError: pass
print(f"idle: {n} connections, {ok} answered"); sys.stdout.flush()
time.sleep(t)
