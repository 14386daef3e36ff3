-- GCRA over several keys at once. Each key stores its theoretical arrival time (TAT) in
-- microseconds. A request is allowed when, for every key, the new TAT stays within the burst
-- tolerance of now; only then are all keys written, so a refused request consumes nothing.
--
-- ARGV[1]        cost of the request (units)
-- ARGV[2]        lifetime of the attempt mark in milliseconds; 0 when the request names no attempt
-- KEYS[i]        bucket of rule i
-- ARGV[2i+1]     emission interval of rule i (microseconds per unit)
-- ARGV[2i+2]     burst tolerance of rule i (microseconds: emission interval times burst)
-- KEYS[#KEYS]    with an attempt: its mark. A request of an attempt that was allowed before (a
--                replay with the same idempotency key) is allowed again and pays nothing; the first
--                allowed request of an attempt sets the mark, in the same step as it pays, so
--                concurrent replays of one new attempt pay once.
--
-- Returns {denied_index (0 when allowed), remaining, retry_after_us}; remaining is -1 for a replay.
local t = redis.call("TIME")
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local cost = tonumber(ARGV[1])
local mark_ttl = tonumber(ARGV[2])

local rules = #KEYS
local mark = nil
if mark_ttl > 0 then
  mark = KEYS[#KEYS]
  rules = rules - 1
  if redis.call("EXISTS", mark) == 1 then
    return {0, -1, 0}
  end
end

local remaining = -1
local denied = 0
local retry = 0
local updates = {}

for i = 1, rules do
  local key = KEYS[i]
  local emission = tonumber(ARGV[2 * i + 1])
  local tolerance = tonumber(ARGV[2 * i + 2])
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
if mark then
  redis.call("SET", mark, "1", "PX", mark_ttl)
end
return {0, remaining, 0}
