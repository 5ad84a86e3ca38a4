-- Drives betza's language server from a real headless Neovim, started with the user's config as
-- docs/neovim.md installs it (editors/neovim/lua/betza.lua and a `setup` call in init.lua): open a
-- variants.ini, read the diagnostics, edit (a line above a finding, a typo and its removal, a
-- fix), read them again after each, hover (the request and the float a user sees), complete.
-- Then as a user's keys do it: `K` on an option key and on a section header, and CTRL-X CTRL-O
-- after the start of a key typed on a new line, undone after. A line with an error and a hint:
-- the sign and the virtual text on screen. `K` on a piece in a terminal of 80x24. Last, the code
-- action menu (`gra` from 0.11 on, `:lua vim.lsp.buf.code_action()` typed before) and the
-- explanation it opens. Then variants files under other names, an Interactive Diagram and a
-- C/CIF file, `K` on section headers of real variants files, and the samples in $BETZA_SAMPLES: whether each is recognised. Counts the notifications and requests the server
-- sent. Writes what it saw as JSON to $BETZA_OUT. Run by tests/neovim/main.rs.
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
local uv = vim.uv or vim.loop

-- What the server sent, seen where the client's RPC hands notifications and requests over: the
-- count of each method. The dispatchers are start's third argument on 0.7, its second later.
-- And the requests the client sent (`sent`), counted where its RPC takes them.
results.received = {}
results.requested = {}
results.sent = {}
local rpc_start = vim.lsp.rpc.start
vim.lsp.rpc.start = function(...)
  for _, argument in ipairs({ ... }) do
    if type(argument) == "table" and type(argument.notification) == "function" then
      local notification = argument.notification
      argument.notification = function(method, params)
        results.received[method] = (results.received[method] or 0) + 1
        return notification(method, params)
      end
      local server_request = argument.server_request
      argument.server_request = function(method, params)
        results.requested[method] = (results.requested[method] or 0) + 1
        return server_request(method, params)
      end
    end
  end
  local rpc = rpc_start(...)
  local request = rpc.request
  rpc.request = function(method, ...)
    results.sent[method] = (results.sent[method] or 0) + 1
    return request(method, ...)
  end
  return rpc
end

-- The text the screen shows on `row` (1-based), cell by cell.
local function screen_row(row)
  local cells = {}
  for column = 1, vim.o.columns do
    table.insert(cells, vim.fn.screenstring(row, column))
  end
  return table.concat(cells)
end

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

  -- The diagnostics of buffer `of` (the variants.ini when not given).
  local function codes(of)
    local list = {}
    for _, d in ipairs(vim.diagnostic.get(of or buf)) do
      local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
      table.insert(list, { code = code, line = d.lnum, col = d.col })
    end
    return list
  end
  -- Whether `code` is in the list, on `line` if one is given.
  local function has(list, code, line)
    for _, d in ipairs(list) do
      if d.code == code and (line == nil or d.line == line) then return true end
    end
    return false
  end

  vim.wait(15000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  results.first = codes()
  -- The server's former extension for diagnostics: it must not be announced.
  local experimental = client.server_capabilities.experimental
  results.announced_deltas = type(experimental) == "table"
    and experimental.betzaDiagnosticDeltas ~= nil

  -- A line above the findings: they move down one line.
  vim.api.nvim_buf_set_lines(buf, 0, 0, false, { "" })
  vim.wait(15000, function() return has(codes(), "fairy-skipped-letter", 2) end, 50)
  results.moved = codes()

  -- A modifier typed at the end of `customPiece2 = y:N`, with no atom after it, then deleted.
  local typo_line, typo_column = 3, #"customPiece2 = y:N"
  vim.api.nvim_buf_set_text(buf, typo_line, typo_column, typo_line, typo_column, { "m" })
  vim.wait(15000, function() return has(codes(), "missing-atom", typo_line) end, 50)
  results.typo = codes()
  vim.api.nvim_buf_set_text(buf, typo_line, typo_column, typo_line, typo_column + 1, { "" })
  vim.wait(15000, function() return not has(codes(), "missing-atom") end, 50)
  results.typo_removed = codes()

  -- Write the piece without the letter Fairy-Stockfish skips: the warning must go away.
  vim.api.nvim_buf_set_lines(buf, 2, 3, false, { "customPiece1 = x:fmW" })
  vim.wait(15000, function() return not has(codes(), "fairy-skipped-letter", 2) end, 50)
  results.second = codes()

  local uri = vim.uri_from_bufnr(buf)
  local position = { textDocument = { uri = uri }, position = { line = 2, character = 19 } }
  local hover = vim.lsp.buf_request_sync(buf, "textDocument/hover", position, 15000)
  local reply = hover and hover[client.id]
  results.hover = reply and reply.result and reply.result.contents.value or vim.inspect(hover)

  -- The floating window that opens next; `what` names it in the failure.
  local function wait_for_float(what)
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
    assert(float, "no float opened for " .. what)
    return float
  end
  local function float_lines(float)
    return vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(float), 0, -1, false)
  end

  -- The float a user sees on `K`: its text and its size.
  vim.api.nvim_win_set_cursor(0, { 3, 19 })
  vim.lsp.buf.hover()
  local float = wait_for_float("the hover on fmW")
  results.float = float_lines(float)
  results.float_width = vim.api.nvim_win_get_width(float)
  results.float_height = vim.api.nvim_win_get_height(float)
  vim.api.nvim_win_close(float, true)

  local completion = vim.lsp.buf_request_sync(buf, "textDocument/completion", position, 15000)
  local items = completion and completion[client.id] and completion[client.id].result or {}
  results.completion = {}
  for _, item in ipairs(items.items or items) do
    table.insert(results.completion, item.label)
  end

  -- The keys a user presses, as the setup of docs/neovim.md leaves them: Neovim's own from 0.10 on, the
  -- setup's before (0.7 sets neither 'omnifunc' nor `K`).
  results.omnifunc_from_setup = vim.bo[buf].omnifunc
  results.k_mapped_by_setup = not vim.tbl_isempty(vim.fn.maparg("K", "n", false, true))

  -- `K` on a key of the section and on its header: the float's lines, then it is closed.
  local function k_on(line, column, what)
    vim.api.nvim_win_set_cursor(0, { line, column })
    vim.cmd("normal K")
    local float = wait_for_float(what)
    local lines = float_lines(float)
    vim.api.nvim_win_close(float, true)
    return lines
  end
  -- `castling = false` and `[v:chess]`, one line lower since the line added at the top.
  results.key_float = k_on(5, 2, "K on castling")
  results.header_float = k_on(2, 1, "K on [v:chess]")

  -- Omni-completion as a user's keys do it: `keys` typed from Normal mode, ending in CTRL-X
  -- CTRL-O. The reply comes while Insert mode waits for keys, so the keys go in with feedkeys'
  -- `x!`, which keeps Insert mode until a timer finds the menu and calls `on_menu` (as `:help
  -- feedkeys()` suggests for tests); `on_menu` returns the keys that leave, or a list of keys
  -- and functions, each function called a moment after the keys before it, returning more
  -- keys. Returns what the menu showed and the line then.
  local function omni(keys, on_menu)
    local seen = { menu = {} }
    local deadline = uv.now() + 15000
    local function leave(steps, from)
      local step = steps[from]
      if type(step) == "function" then
        vim.defer_fn(function()
          vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(step(), true, false, true), "n", false)
          leave(steps, from + 1)
        end, 100)
      elseif step then
        vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(step, true, false, true), "n", false)
        leave(steps, from + 1)
      end
    end
    local function read_menu()
      if vim.fn.pumvisible() == 0 and uv.now() < deadline then
        vim.defer_fn(read_menu, 50)
        return
      end
      seen.line = vim.api.nvim_get_current_line()
      local info = vim.fn.complete_info({ "items", "selected" })
      seen.selected = info.selected
      for _, item in ipairs(info.items or {}) do
        table.insert(seen.menu, item.abbr ~= "" and item.abbr or item.word)
      end
      local steps = on_menu(seen)
      leave(type(steps) == "table" and steps or { steps }, 1)
    end
    vim.defer_fn(read_menu, 50)
    vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), "nx!", false)
    return seen
  end
  -- Whether a preview window is open.
  local function preview_open()
    for _, win in ipairs(vim.api.nvim_list_wins()) do
      if vim.wo[win].previewwindow then return true end
    end
    return false
  end

  -- A new line below the last, `promo` typed, then CTRL-X CTRL-O: the menu, nothing inserted
  -- or selected (issue 55), then CTRL-N picks the first entry, written with its ` = `, and Esc;
  -- `u` then takes the typed line away again.
  local before = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  vim.api.nvim_win_set_cursor(0, { #before, 0 })
  local keyed = omni("opromo<C-x><C-o>", function(seen)
    return { "<C-n>", function()
      seen.picked = vim.api.nvim_get_current_line()
      return "<Esc>"
    end }
  end)
  results.omni_shown_line = keyed.line
  results.omni_selected = keyed.selected
  results.omni_menu = keyed.menu
  results.omni_line = keyed.picked
  vim.cmd("normal! u")
  results.omni_undone = vim.deep_equal(vim.api.nvim_buf_get_lines(buf, 0, -1, false), before)

  -- Issue 55: CTRL-X CTRL-O at the end of a Betza string, then Esc: the string as it was, no
  -- preview window. In the middle of it, CTRL-N then Esc: the first letter of the menu and
  -- nothing else written at the cursor.
  local last = vim.api.nvim_buf_line_count(buf)
  local string_line = "customPiece4 = w:fmWfcF"
  vim.api.nvim_buf_set_lines(buf, last, last, false, { string_line })
  vim.wait(15000, function() return #codes() > 0 end, 50)
  -- As long as a user takes to reach the line: Neovim sends the new line after a pause (its
  -- `debounce_text_changes`), and a completion asked for before it arrives is answered for
  -- the text without it, which the server then cancels as stale (a CI run on a loaded machine
  -- saw the menu empty once).
  vim.wait(500)
  vim.api.nvim_win_set_cursor(0, { last + 1, 0 })
  local at_end = omni("A<C-x><C-o>", function() return "<Esc>" end)
  results.string_omni = {
    menu = at_end.menu,
    selected = at_end.selected,
    shown_line = at_end.line,
    line = vim.api.nvim_buf_get_lines(buf, last, last + 1, false)[1],
    preview = preview_open(),
  }
  -- Between `fmWfc` and `F`.
  vim.api.nvim_win_set_cursor(0, { last + 1, #"customPiece4 = w:fmWfc" - 1 })
  local middle = omni("a<C-x><C-o>", function() return "<C-n><Esc>" end)
  -- betza.lua mends the line once the completion is done, on the next turn of the loop.
  vim.wait(300)
  results.string_omni.middle_menu = middle.menu
  results.string_omni.middle_line = vim.api.nvim_buf_get_lines(buf, last, last + 1, false)[1]
  results.string_omni.middle_preview = preview_open()
  vim.api.nvim_buf_set_lines(buf, last, last + 1, false, {})

  -- A line with an error and a hint after it: `]` is not Betza, and `cW1`'s range 1 changes
  -- nothing. What the screen shows: the sign column, the line with its virtual text; and the
  -- signs and virtual text Neovim placed for it.
  local both = vim.api.nvim_buf_line_count(buf)
  vim.api.nvim_buf_set_lines(buf, both, both, false, { "customPiece3 = z:mW]cW1" })
  vim.wait(15000, function()
    local list = codes()
    return has(list, "stray-punctuation", both) and has(list, "range-one", both)
  end, 50)
  results.both = { messages = {}, signs = {}, virtual_text = {} }
  for _, d in ipairs(vim.diagnostic.get(buf, { lnum = both })) do
    results.both.messages[tostring(d.severity)] = d.message
  end
  vim.cmd("redraw!")
  local text_at = vim.fn.screenpos(0, both + 1, 1)
  results.both.sign_column = screen_row(text_at.row):sub(1, text_at.col - 1)
  results.both.screen = screen_row(text_at.row)
  -- Signs are extmarks from 0.10 on, `:sign`s before.
  if vim.fn.has("nvim-0.10") == 1 then
    local marks = vim.api.nvim_buf_get_extmarks(buf, -1, { both, 0 }, { both, -1 },
      { details = true, type = "sign" })
    for _, mark in ipairs(marks) do
      local details = mark[4]
      table.insert(results.both.signs, { text = vim.trim(details.sign_text or ""),
        hl = details.sign_hl_group, priority = details.priority })
    end
  else
    local placed = vim.fn.sign_getplaced(buf, { group = "*", lnum = both + 1 })[1].signs
    for _, sign in ipairs(placed) do
      local defined = vim.fn.sign_getdefined(sign.name)[1] or {}
      table.insert(results.both.signs, { text = vim.trim(defined.text or ""),
        hl = defined.texthl, priority = sign.priority })
    end
  end
  -- Every namespace, the anonymous ones too (0.7 puts virtual text in one): ids count up from 1,
  -- so a new one is the last.
  for namespace = 1, vim.api.nvim_create_namespace("") do
    local marks = vim.api.nvim_buf_get_extmarks(buf, namespace, { both, 0 }, { both, -1 },
      { details = true })
    for _, mark in ipairs(marks) do
      for _, chunk in ipairs(mark[4].virt_text or {}) do
        table.insert(results.both.virtual_text, { text = chunk[1], hl = chunk[2] })
      end
    end
  end

  -- `K` on the piece in a terminal of 80x24, the size Neovim starts headless with, in the middle
  -- of the window, where Neovim leaves the float fewest rows: each line of the float, and
  -- whether its first and last characters are on screen without scrolling. The preview window
  -- CTRL-X CTRL-O left open before 0.11 ('completeopt' has "preview") is closed first: the
  -- file's window alone. Comment lines above and below the piece put it mid-window; they are
  -- taken away after.
  vim.cmd("pclose")
  vim.o.columns = 80
  vim.o.lines = 24
  local padding = {}
  for _ = 1, 12 do table.insert(padding, "#") end
  vim.api.nvim_buf_set_lines(buf, 0, 0, false, padding)
  vim.api.nvim_buf_set_lines(buf, -1, -1, false, padding)
  vim.api.nvim_win_set_cursor(0, { 15, 19 })
  vim.cmd("normal! zz")
  local cursor_row = vim.fn.winline()
  vim.cmd("normal K")
  local small = wait_for_float("K on fmW at 80x24")
  -- betza.lua moves the float once it is open and seen to be cut short.
  vim.wait(3000, function()
    return vim.api.nvim_win_get_config(small).relative == "editor"
  end, 20)
  vim.cmd("redraw")
  results.small_float = { lines = float_lines(small), shown = {}, cursor_row = cursor_row,
    window_height = vim.api.nvim_win_get_height(0),
    width = vim.api.nvim_win_get_width(small), height = vim.api.nvim_win_get_height(small),
    linebreak = vim.wo[small].linebreak }
  for number, line in ipairs(results.small_float.lines) do
    local first = vim.fn.screenpos(small, number, 1)
    local last = vim.fn.screenpos(small, number, math.max(#line, 1))
    table.insert(results.small_float.shown,
      first.row > 0 and first.col > 0 and last.row > 0 and last.col > 0)
  end
  vim.api.nvim_win_close(small, true)
  vim.api.nvim_buf_set_lines(buf, -13, -1, false, {})
  vim.api.nvim_buf_set_lines(buf, 0, 12, false, {})
  vim.o.columns = 120
  vim.o.lines = 50

  -- The code action menu on `fmW`, as the keys a user presses: `gra` from 0.11 on, the command
  -- typed before. The menu is vim.ui.select's own (a numbered inputlist); the test reads its
  -- entries there and types the number of the explanation's, then Enter.
  results.shows_documents = vim.tbl_get(client.capabilities or client.config.capabilities or {},
    "window", "showDocument", "support") == true
  local windows_before = #vim.api.nvim_list_wins()
  local select = vim.ui.select
  results.action_menu = {}
  vim.ui.select = function(items, opts, on_choice)
    for number, item in ipairs(items) do
      local title = opts.format_item and opts.format_item(item) or tostring(item)
      table.insert(results.action_menu, title)
      if title == "Explain this piece in a new document" then
        vim.api.nvim_feedkeys(number .. "\r", "n", false)
      end
    end
    return select(items, opts, on_choice)
  end
  -- Issue 55: two more strings XBoard reads in another order, below: the file-wide rewrite is
  -- offered on `fmW` too, and it must come last, not first (Enter on the first rewrote them).
  local order_at = vim.api.nvim_buf_line_count(buf)
  vim.api.nvim_buf_set_lines(buf, order_at, order_at, false,
    { "customPiece5 = a:mfW", "customPiece6 = b:mfR" })
  vim.wait(15000, function() return has(codes(), "xboard-modifier-order", order_at + 1) end, 50)
  vim.api.nvim_win_set_cursor(0, { 3, 19 })
  if vim.fn.has("nvim-0.11") == 1 then
    vim.api.nvim_feedkeys("gra", "mx", false)
  else
    vim.api.nvim_feedkeys(":lua vim.lsp.buf.code_action()\r", "nx", false)
  end
  local function explanation_windows()
    local found = {}
    for _, win in ipairs(vim.api.nvim_list_wins()) do
      local name = vim.api.nvim_buf_get_name(vim.api.nvim_win_get_buf(win))
      if name:find("betza%-explain%-[^/]*%.md$") then table.insert(found, win) end
    end
    return found
  end
  vim.wait(15000, function() return #explanation_windows() > 0 end, 50)
  -- Long enough for a second opening (the server's request and the command's result) to show.
  vim.wait(1000)
  vim.ui.select = select
  results.explain = { windows = {}, windows_before = windows_before,
    windows_after = #vim.api.nvim_list_wins(), file_shown = false }
  for _, win in ipairs(explanation_windows()) do
    table.insert(results.explain.windows, float_lines(win))
    results.explain.wraps_on_words = vim.wo[win].wrap and vim.wo[win].linebreak
  end
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_buf(win) == buf then results.explain.file_shown = true end
  end
  vim.api.nvim_buf_set_lines(buf, order_at, order_at + 2, false, {})

  -- Variants files under other names (issue 42), and a tox.ini beside them: the filetype each
  -- gets, whether the server attached, and in a variants file its diagnostics once they came
  -- and `K` on line 3's piece (`king = k:Nm`), where Neovim's own `K` would ask man.vim.
  -- Neovim 0.12 attaches a buffer a moment after it opens: tox.ini is opened first and looked
  -- at last, once the others were attached.
  local folder = vim.fn.fnamemodify(file, ":h")
  local function open(name)
    vim.cmd("edit " .. vim.fn.fnameescape(folder .. "/" .. name))
    local other = vim.api.nvim_get_current_buf()
    return other, { filetype = vim.bo[other].filetype }
  end
  -- `name` opened: its filetype, whether the server attached, its diagnostics once they came.
  local function open_served(name)
    local other, seen = open(name)
    seen.attached = vim.wait(15000, function() return vim.lsp.buf_is_attached(other, client.id) end, 50)
    if seen.attached then
      vim.wait(15000, function() return #vim.diagnostic.get(other) > 0 end, 50)
      seen.codes = codes(other)
    end
    return seen
  end
  results.other_files = {}
  local tox, tox_seen = open("tox.ini")
  for _, name in ipairs({ "pychess-variants.ini", "rules.ini" }) do
    local seen = open_served(name)
    if seen.attached then
      seen.float = k_on(3, 9, "K on " .. name)
    end
    results.other_files[name] = seen
  end
  tox_seen.attached = vim.lsp.buf_is_attached(tox, client.id)
  results.other_files["tox.ini"] = tox_seen

  -- An Interactive Diagram and a C/CIF file (issue 52): the filetype each gets, whether the
  -- server attached, its diagnostics once they came, and in the diagram `K` on line 3's piece.
  results.host_files = {}
  for _, name in ipairs({ "pieces.diagram", "pieces.cif" }) do
    local seen = open_served(name)
    if seen.attached and name:find("%.diagram$") then
      seen.float = k_on(3, 9, "K on " .. name)
    end
    results.host_files[name] = seen
  end

  -- Issue 55: `K` on section headers of real variants files ($BETZA_GLANCE, `path:line` parted
  -- by `;`): the variant at a glance, its start position and its pieces.
  results.glance = {}
  for entry in (os.getenv("BETZA_GLANCE") or ""):gmatch("[^;]+") do
    local path, line = entry:match("^(.*):(%d+)$")
    vim.cmd("edit " .. vim.fn.fnameescape(path))
    local real = vim.api.nvim_get_current_buf()
    vim.wait(15000, function() return vim.lsp.buf_is_attached(real, client.id) end, 50)
    results.glance[entry] = k_on(tonumber(line), 1, "K on line " .. line .. " of " .. path)
  end

  -- The samples of tests/common/ini_samples.rs: the filetype each gets, and whether the config
  -- sends it to the server.
  local samples = os.getenv("BETZA_SAMPLES")
  results.samples = {}
  for _, path in ipairs(vim.fn.globpath(samples, "**/*", false, true)) do
    if vim.fn.isdirectory(path) == 0 then
      vim.cmd("edit " .. vim.fn.fnameescape(path))
      local sample = vim.api.nvim_get_current_buf()
      results.samples[path:sub(#samples + 2)] = { filetype = vim.bo[sample].filetype,
        handles = require("betza").handles(path, sample) }
    end
  end

  -- `client:stop()` from 0.11 on; the function form before.
  if vim.fn.has("nvim-0.11") == 1 then client:stop() else vim.lsp.stop_client(client.id) end
end)
if not ok then table.insert(results.errors, tostring(err)) end
finish()
