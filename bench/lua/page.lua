-- GETs one match page as a pool of 64 returning phones (each with its device cookie), the
-- way the page is really loaded; without a cookie every request would be a new device.
-- Usage: wrk ... -s page.lua http://127.0.0.1:PORT/matches/ID
local counter = 0

function init(args)
  counter = math.random(0, 63)
end

function request()
  counter = counter + 1
  local cookie = string.format("sk_device=bench%027d", counter % 64)
  return wrk.format("GET", nil, {["Cookie"] = cookie, ["Accept-Encoding"] = "gzip, br"}, nil)
end
