-- Drives betza's language server from a real Neovim (0.7 or newer, headless): open a
-- variants.ini, read the diagnostics, edit, read them again, hover, complete. Writes what it saw
-- as JSON to $BETZA_OUT. Run by tests/neovim/main.rs.
local bin = os.getenv("BETZA_BIN")
local file = os.getenv("BETZA_FILE")
local out = os.getenv("BETZA_OUT")

local results = { errors = {} }
local function finish()
  local handle = io.open(out, "w")
  handle:write(vim.fn.json_encode(results))
  handle:close()
  vim.cmd("qa!")
end

local ok, err = pcall(function()
  vim.cmd("edit " .. file)
  local buf = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = "betza",
    cmd = { bin, "lsp" },
    root_dir = vim.fn.fnamemodify(file, ":h"),
  })
  vim.lsp.buf_attach_client(buf, client_id)

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
  local hover = vim.lsp.buf_request_sync(buf, "textDocument/hover", {
    textDocument = { uri = uri },
    position = { line = 1, character = 19 },
  }, 15000)
  local reply = hover and hover[client_id]
  results.hover = reply and reply.result and reply.result.contents.value or vim.inspect(hover)

  local completion = vim.lsp.buf_request_sync(buf, "textDocument/completion", {
    textDocument = { uri = uri },
    position = { line = 1, character = 19 },
  }, 15000)
  local items = completion and completion[client_id] and completion[client_id].result or {}
  results.completion = {}
  for _, item in ipairs(items.items or items) do
    table.insert(results.completion, item.label)
  end
  vim.lsp.stop_client(client_id)
end)
if not ok then table.insert(results.errors, tostring(err)) end
finish()
