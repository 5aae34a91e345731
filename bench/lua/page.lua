-- GETs one match page as a pool of returning phones, the way the page is really loaded:
-- each phone sends its device cookie and the session cookie its first view set (one
-- line of cookies a phone, from the file bench/main.py writes; without a file, device
-- cookies alone, as before 2026-12-05: every request then starts a browser session).
-- Usage: wrk ... -s page.lua http://127.0.0.1:PORT/matches/ID [-- COOKIES_FILE]
local phones = {}
local counter = 0

function init(args)
  if args[1] then
    for line in io.lines(args[1]) do
      if #line > 0 then phones[#phones + 1] = line end
    end
  end
  if #phones == 0 then
    for phone = 0, 63 do phones[#phones + 1] = string.format("sk_device=bench%027d", phone) end
  end
  counter = math.random(0, #phones - 1)
end

function request()
  counter = counter + 1
  local cookie = phones[(counter % #phones) + 1]
  return wrk.format("GET", nil, {["Cookie"] = cookie, ["Accept-Encoding"] = "gzip, br"}, nil)
end
