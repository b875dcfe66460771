-- wrk script of bench/gps.mjs: POST positions to /api/gps as ../shared/peers/gps.lua does (5,000 trucks, its body), but
-- every position new across threads and runs, and, given TOKENS_FILE, each request with the token of the device bound
-- to the request's truck (tokens spread over the requests: line d of the file is truck d's device).
--   THREADS    wrk's -t
--   DEVICES    trucks (and devices), default 5000
--   BATCH      positions per request (1: one object; more: an array, all of one truck)
--   START      the first position number of this run: a thread's positions are START + thread * RANGE + k, never reused
--   SINCE_MS   the time of position 0 (ms since 1970); position p is 7 ms after position p - 1
--   TOKENS_FILE  one device token per line (none: no Authorization header, for the peers)
-- At the end it prints one JSON line: requests, seconds, non-2xx answers, socket errors, latency percentiles (ms).

local RANGE = 10000000
local devices = tonumber(os.getenv("DEVICES") or "5000")
local batch = tonumber(os.getenv("BATCH") or "1")
local start = tonumber(os.getenv("START") or "0")
local since = tonumber(os.getenv("SINCE_MS"))
-- THREADS: wrk's -t (each thread runs this script in a Lua state of its own; setup numbers them in the main one).
local threadCount = tonumber(os.getenv("THREADS") or "2")
local numbered = 0

function setup(thread)
  thread:set("index", numbered)
  numbered = numbered + 1
end

local tokens = {}
local k = 0
local base

function init(args)
  base = start + index * RANGE
  local file = os.getenv("TOKENS_FILE")
  if file then
    for line in io.lines(file) do tokens[#tokens + 1] = line end
  end
end

local function truckId(d)
  return string.format("00000000-0000-4000-8000-%012d", d)
end

local function position(p, d)
  local at = since + p * 7
  local seconds = math.floor(at / 1000)
  return string.format('{"truckId":"%s","latitude":%.6f,"longitude":%.6f,"speed":%d,"heading":%d,"timestamp":"%s.%03dZ"}',
    truckId(d), 30 + (p % 1000) / 100, -97 - (p % 700) / 100, p % 70, p % 360,
    os.date("!%Y-%m-%dT%H:%M:%S", seconds), at % 1000)
end

request = function()
  -- Request k of thread `index` is device d's; its positions are numbered from base + k * batch.
  local d = (k * threadCount + index) % devices
  local first = base + k * batch
  k = k + 1
  local body
  if batch == 1 then
    body = position(first, d)
  else
    local parts = {}
    for i = 0, batch - 1 do parts[#parts + 1] = position(first + i, d) end
    body = "[" .. table.concat(parts, ",") .. "]"
  end
  local headers = { ["Content-Type"] = "application/json" }
  if #tokens > 0 then headers["Authorization"] = "Bearer " .. tokens[d + 1] end
  return wrk.format("POST", wrk.path, headers, body)
end

local non2xx = 0
response = function(status, headers, body)
  if status < 200 or status > 299 then
    non2xx = non2xx + 1
    if non2xx == 1 then io.stderr:write(string.format("first refusal: %d %s\n", status, string.sub(body, 1, 160))) end
  end
end

done = function(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format('{"requests":%d,"seconds":%.3f,"non2xx":%d,"errors":%d,"p50":%.2f,"p90":%.2f,"p99":%.2f,"max":%.2f}\n',
    summary.requests, summary.duration / 1e6, summary.errors.status, errors,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
