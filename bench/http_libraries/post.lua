-- For run.sh and bench/serve_load.sh: wrk posts the file named by $BODY.
local f = io.open(os.getenv("BODY"), "rb"); wrk.body = f:read("*a"); f:close()
wrk.method = "POST"; wrk.path = "/echo"; wrk.headers["Content-Type"] = "text/html"
