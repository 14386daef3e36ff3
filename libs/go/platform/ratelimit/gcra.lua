-- GCRA over several keys at once. Each key stores its theoretical arrival time (TAT) in
-- microseconds. A request is allowed when, for every key, the new TAT stays within the burst
-- tolerance of now; only then are all keys written, so a refused request consumes nothing.
--
-- KEYS[i]        bucket of rule i
-- ARGV[1]        cost of the request (units)
-- ARGV[2i]       emission interval of rule i (microseconds per unit)
-- ARGV[2i+1]     burst tolerance of rule i (microseconds: emission interval times burst)
--
-- Returns {denied_index (0 when allowed), remaining, retry_after_us}.
local t = redis.call("TIME")
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local cost = tonumber(ARGV[1])

local remaining = -1
local denied = 0
local retry = 0
local updates = {}

for i, key in ipairs(KEYS) do
  local emission = tonumber(ARGV[2 * i])
  local tolerance = tonumber(ARGV[2 * i + 1])
  local tat = tonumber(redis.call("GET", key) or "0") or 0
  if tat < now then
    tat = now
  end
  local new_tat = tat + cost * emission
  local allow_at = new_tat - tolerance
  if now < allow_at then
    if denied == 0 then
      denied = i
    end
    if allow_at - now > retry then
      retry = allow_at - now
    end
    remaining = 0
  else
    local left = math.floor((tolerance - (new_tat - now)) / emission)
    if remaining < 0 or left < remaining then
      remaining = left
    end
    updates[#updates + 1] = {key, new_tat, new_tat - now}
  end
end

if denied > 0 then
  return {denied, 0, math.ceil(retry)}
end

for _, u in ipairs(updates) do
  local ttl_ms = math.ceil(u[3] / 1000)
  if ttl_ms < 1 then
    ttl_ms = 1
  end
  redis.call("SET", u[1], string.format("%.0f", u[2]), "PX", ttl_ms)
end
return {0, remaining, 0}
