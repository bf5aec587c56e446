# For run.sh: N connections that each send one header byte per second; reports how many the server dropped within T seconds.
import socket, sys, time
n, t, port = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
socks = []
for _ in range(n):
    s = socket.create_connection(("127.0.0.1", port)); s.setblocking(False); socks.append(s)
req = b"GET /hello HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 10000
start = time.time(); i = 0; dropped = set()
while time.time() - start < t:
    for k, s in enumerate(socks):
        if k in dropped: continue
        try:
            s.send(req[i:i+1])
            d = s.recv(1)
            if d == b"": dropped.add(k)
        except BlockingIOError: pass
        except OSError: dropped.add(k)
    i += 1; time.sleep(1)
print(f"slow clients: {n}, dropped within {t:.0f}s: {len(dropped)}")
