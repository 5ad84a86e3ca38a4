-- Drives betza's language server from a real headless Neovim, started with the user's config as
-- the README installs it (editors/neovim/lua/betza.lua and a `setup` call in init.lua): open a
-- variants.ini, read the diagnostics, edit, read them again, hover (the request and the float
-- a user sees), complete. Writes what it saw as JSON to $BETZA_OUT. Run by tests/neovim/main.rs.
local file = os.getenv("BETZA_FILE")
local out = os.getenv("BETZA_OUT")

local v = vim.version()
local results = { errors = {}, version = string.format("%d.%d.%d", v.major, v.minor, v.patch) }
local function finish()
  local handle = io.open(out, "w")
  handle:write(vim.fn.json_encode(results))
  handle:close()
  vim.cmd("qa!")
end

-- A terminal of a usual size; the headless default of 80x24 would squeeze the float.
vim.o.columns = 120
vim.o.lines = 50

local get_clients = vim.lsp.get_clients or vim.lsp.get_active_clients

local ok, err = pcall(function()
  vim.cmd("edit " .. file)
  local buf = vim.api.nvim_get_current_buf()
  local client
  vim.wait(15000, function()
    client = get_clients({ bufnr = buf })[1]
    return client ~= nil
  end, 50)
  assert(client, "the betza client did not attach to " .. file)
  results.client = client.name

  local function codes()
    local list = {}
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
      table.insert(list, { code = code, line = d.lnum, col = d.col })
    end
    return list
  end
  local function has(list, code)
    for _, d in ipairs(list) do
      if d.code == code then return true end
    end
    return false
  end

  vim.wait(15000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  results.first = codes()

  -- Put the modifiers in XBoard's order: the warning must go away.
  vim.api.nvim_buf_set_lines(buf, 1, 2, false, { "customPiece1 = x:fmW" })
  vim.wait(15000, function() return not has(codes(), "xboard-modifier-order") end, 50)
  results.second = codes()

  local uri = vim.uri_from_bufnr(buf)
  local position = { textDocument = { uri = uri }, position = { line = 1, character = 19 } }
  local hover = vim.lsp.buf_request_sync(buf, "textDocument/hover", position, 15000)
  local reply = hover and hover[client.id]
  results.hover = reply and reply.result and reply.result.contents.value or vim.inspect(hover)

  -- The float a user sees on `K`: its text and its size.
  vim.api.nvim_win_set_cursor(0, { 2, 19 })
  vim.lsp.buf.hover()
  local float
  vim.wait(15000, function()
    for _, win in ipairs(vim.api.nvim_list_wins()) do
      if vim.api.nvim_win_get_config(win).relative ~= "" then
        float = win
        return true
      end
    end
    return false
  end, 50)
  assert(float, "no hover float opened")
  results.float = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(float), 0, -1, false)
  results.float_width = vim.api.nvim_win_get_width(float)
  results.float_height = vim.api.nvim_win_get_height(float)
  vim.api.nvim_win_close(float, true)

  local completion = vim.lsp.buf_request_sync(buf, "textDocument/completion", position, 15000)
  local items = completion and completion[client.id] and completion[client.id].result or {}
  results.completion = {}
  for _, item in ipairs(items.items or items) do
    table.insert(results.completion, item.label)
  end
  -- `client:stop()` from 0.11 on; the function form before.
  if vim.fn.has("nvim-0.11") == 1 then client:stop() else vim.lsp.stop_client(client.id) end
end)
if not ok then table.insert(results.errors, tostring(err)) end
finish()
