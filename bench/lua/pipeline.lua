-- GET PIPELINE_PATH (default /hello), PIPELINE_DEPTH (default 16) requests sent back to back per write.
local depth = tonumber(os.getenv("PIPELINE_DEPTH") or "16")
local path = os.getenv("PIPELINE_PATH") or "/hello"
local batch
init = function(args)
  local requests = {}
  for i = 1, depth do
    requests[i] = wrk.format("GET", path)
  end
  batch = table.concat(requests)
end
request = function()
  return batch
end
