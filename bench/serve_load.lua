-- For bench/serve_load.sh: wrk posts the pages listed in $PAGES (one path a line) in turn.
local bodies = {}
for path in io.lines(os.getenv("PAGES")) do
  local f = io.open(path, "rb")
  bodies[#bodies + 1] = f:read("*a")
  f:close()
end
local i = 0
request = function()
  i = i % #bodies + 1
  return wrk.format("POST", "/v1/extract?format=" .. (os.getenv("FORMAT") or "json"),
                    {["Content-Type"] = "text/html"}, bodies[i])
end
