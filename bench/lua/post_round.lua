-- POSTs a legal Nameless round to match ids read from a file, round-robin, so several
-- matches are written at once (the app serialises the writers of one match).
-- Usage: wrk ... -s post_round.lua http://127.0.0.1:PORT -- IDS_FILE
local ids = {}
local counter = 0
-- A 4-player partnership hand with no loner: always legal, never ends an endless match.
local body = '{"tricks": [2, 1, 1, 1]}'
local headers = {["Content-Type"] = "application/json"}

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then ids[#ids + 1] = line end
  end
  -- Threads start at different matches, so they do not all queue on the same one.
  counter = math.random(0, #ids - 1)
end

function request()
  counter = counter + 1
  local id = ids[(counter % #ids) + 1]
  return wrk.format("POST", "/api/v1/matches/" .. id .. "/rounds", headers, body)
end
