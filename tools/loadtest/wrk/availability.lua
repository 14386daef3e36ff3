-- wrk script for the closed-loop maximum of POST /api/v2/domain-availability: every connection
-- sends 5-name batches from a fixed, pre-warmed set, with the session cookie and the CSRF header
-- the gateway demands. The reference servers get the same requests and ignore cookie and header.
--
-- Environment: LOADTEST_COOKIE ("sid=...; XSRF-TOKEN=..."), LOADTEST_XSRF (the token),
-- WARM_PREFIX (name prefix, default "lt-warm"), WARM_BATCHES (default 20).

local prefix = os.getenv("WARM_PREFIX") or "lt-warm"
local batches = tonumber(os.getenv("WARM_BATCHES") or "20")
local cookie = os.getenv("LOADTEST_COOKIE") or ""
local xsrf = os.getenv("LOADTEST_XSRF") or ""
local tlds = { "de", "com", "net", "eu", "org" }

local requests = {}
local next_batch = 0

function init(args)
  local headers = { ["Content-Type"] = "application/json", ["Cookie"] = cookie, ["X-XSRF-TOKEN"] = xsrf }
  for i = 1, batches do
    local names = {}
    for j, tld in ipairs(tlds) do
      names[j] = string.format('"%s-%d.%s"', prefix, i, tld)
    end
    local body = '{"domains":[' .. table.concat(names, ",") .. ']}'
    requests[i] = wrk.format("POST", nil, headers, body)
  end
end

function request()
  next_batch = next_batch % batches + 1
  return requests[next_batch]
end
