-- POST /echo with a body of BODY_SIZE bytes (environment variable), application/octet-stream.
local size = tonumber(os.getenv("BODY_SIZE") or "16")
wrk.method = "POST"
wrk.body = string.rep("x", size)
wrk.headers["Content-Type"] = "application/octet-stream"
