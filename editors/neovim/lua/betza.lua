-- The betza language server in Neovim: diagnostics, hover with move diagrams, completion and
-- macro rename for Betza notation in variants.ini, PGN, CIF, .betza and .mbn files.
--
-- Install: put this file at ~/.config/nvim/lua/betza.lua (or add the folder holding `lua/` to
-- 'runtimepath'), then call from init.lua:
--
--   require("betza").setup({
--     cmd = { "betza", "lsp" },                 -- the server; `betza` must be on PATH otherwise
--     settings = { dialect = "xbetza", boardSize = "8x8", engines = { "fairy-stockfish" } },
--   })
--
-- Neovim 0.11 and newer use vim.lsp.config/vim.lsp.enable, 0.8 to 0.10 vim.lsp.start, and 0.7
-- the older vim.lsp.start_client.
local M = {}

-- Files are chosen by name, not by filetype: `variants.ini` holds Betza, an ordinary `.ini`
-- does not, and both are `dosini` to Neovim.
local NAME_PATTERNS = {
  "^variants%.ini$",
  "%.variants%.ini$",
  "%.betza$",
  "%.mbn$",
  "%.pgn$",
  "%.cif$",
  "%.ccif$",
}

--- Whether the server reads the file with this path.
function M.handles(path)
  local name = vim.fn.fnamemodify(path, ":t"):lower()
  for _, pattern in ipairs(NAME_PATTERNS) do
    if name:find(pattern) then
      return true
    end
  end
  return false
end

local function first_line_is_xml(bufnr)
  local line = vim.api.nvim_buf_get_lines(bufnr, 0, 1, false)[1] or ""
  return line:match("^%s*<") ~= nil
end

-- `.cif` is also crystallography's format, so only an XML `.cif` becomes `xml`.
local function add_filetypes()
  vim.filetype.add({
    extension = {
      betza = "betza",
      mbn = "mbn",
      ccif = "xml",
      cif = function(_, bufnr)
        if first_line_is_xml(bufnr) then
          return "xml"
        end
      end,
    },
  })
end

-- Diagnostics as deltas (the README's "Diagnostics as deltas" specifies them): instead of a
-- document's whole list of diagnostics after every edit, thousands for a large file, the server
-- sends the runs of the list the client has that stay, moved by whole lines, and the new ones.
local DELTA_CAPABILITY = "betzaDiagnosticDeltas"
local DELTA_METHOD = "betza/publishDiagnosticsDelta"
local PUBLISH_METHOD = "textDocument/publishDiagnostics"

-- The list of LSP diagnostics each client has for each document: `lists[client_id][uri]`.
local lists = {}

local function is_position(position)
  return type(position) == "table"
    and type(position.line) == "number"
    and type(position.character) == "number"
end

-- Neovim's publishDiagnostics handling raises on a diagnostic without these.
local function is_diagnostic(diagnostic)
  return type(diagnostic) == "table"
    and type(diagnostic.message) == "string"
    and type(diagnostic.range) == "table"
    and is_position(diagnostic.range.start)
    and is_position(diagnostic.range["end"])
end

-- Indices into a list of `count` diagnostics: `{start, end}`, end excluded, counted from 0.
local function is_run(keep, count)
  if type(keep) ~= "table" then
    return false
  end
  local start, finish = keep[1], keep[2]
  return type(start) == "number"
    and type(finish) == "number"
    and math.floor(start) == start
    and math.floor(finish) == finish
    and 0 <= start
    and start <= finish
    and finish <= count
end

-- A copy, not the diagnostic changed in place: Neovim keeps the tables it was handed (in
-- user_data.lsp) for the diagnostics it shows until the new list replaces them.
local function moved(diagnostic, lines)
  if lines == 0 then
    return diagnostic
  end
  local start, finish = diagnostic.range.start, diagnostic.range["end"]
  local copy = vim.tbl_extend("force", {}, diagnostic)
  copy.range = {
    start = { line = start.line + lines, character = start.character },
    ["end"] = { line = finish.line + lines, character = finish.character },
  }
  return copy
end

--- The list `parts` makes of `old`, and whether some part was malformed. A malformed part is
--- left out rather than raised: an error here would interrupt the user on every keystroke.
local function apply_parts(old, parts)
  local new, malformed = {}, false
  for _, part in ipairs(parts) do
    if type(part) ~= "table" then
      malformed = true
    elseif part.keep ~= nil then
      local lines = part.lineDelta or 0
      if is_run(part.keep, #old) and type(lines) == "number" then
        for index = part.keep[1] + 1, part.keep[2] do
          local kept = old[index]
          table.insert(new, is_diagnostic(kept) and moved(kept, lines) or kept)
        end
      else
        malformed = true
      end
    elseif type(part.add) == "table" then
      for _, diagnostic in ipairs(part.add) do
        -- Kept even when malformed, so that the next delta's runs still count from the list
        -- the server has in mind; only shown when well formed.
        table.insert(new, diagnostic)
        malformed = malformed or not is_diagnostic(diagnostic)
      end
    else
      malformed = true
    end
  end
  return new, malformed
end

-- The new list goes to the handler Neovim would call for textDocument/publishDiagnostics, so
-- that a user's own (or one made with vim.lsp.with) sees betza's diagnostics as any server's.
local function on_diagnostics_delta(_, params, ctx)
  if type(params) ~= "table" or type(params.uri) ~= "string" or type(params.parts) ~= "table" then
    require("vim.lsp.log").warn("betza: malformed " .. DELTA_METHOD, params)
    return
  end
  local by_uri = lists[ctx.client_id] or {}
  lists[ctx.client_id] = by_uri
  local list, malformed = apply_parts(by_uri[params.uri] or {}, params.parts)
  if malformed then
    require("vim.lsp.log").warn("betza: left out malformed parts of " .. DELTA_METHOD, params.uri)
  end
  -- A closed document's list is empty: forget it.
  by_uri[params.uri] = #list > 0 and list or nil
  vim.lsp.handlers[PUBLISH_METHOD](
    nil,
    { uri = params.uri, diagnostics = vim.tbl_filter(is_diagnostic, list), version = params.version },
    { method = PUBLISH_METHOD, client_id = ctx.client_id }
  )
end

--- What a client config needs to take diagnostics as deltas: its capabilities, the handler and
--- the clean-up on exit. `setup` uses it; with nvim-lspconfig, pass it to `setup` (README).
function M.diagnostic_deltas()
  return {
    -- Neovim 0.10 and older send the capabilities given instead of their own, not added to them.
    capabilities = vim.tbl_deep_extend(
      "force",
      vim.lsp.protocol.make_client_capabilities(),
      { experimental = { [DELTA_CAPABILITY] = true } }
    ),
    handlers = { [DELTA_METHOD] = on_diagnostics_delta },
    on_exit = function(_, _, client_id)
      lists[client_id] = nil
    end,
  }
end

local function config_for(opts, root_dir)
  return vim.tbl_extend("error", M.diagnostic_deltas(), {
    name = "betza",
    cmd = opts.cmd,
    root_dir = root_dir,
    init_options = opts.settings,
    settings = { betza = opts.settings },
  })
end

local function directory_of(bufnr)
  return vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ":p:h")
end

local function setup_config_api(opts)
  local config = config_for(opts, function(bufnr, on_dir)
    if M.handles(vim.api.nvim_buf_get_name(bufnr)) then
      on_dir(directory_of(bufnr))
    end
  end)
  vim.lsp.config("betza", config)
  vim.lsp.enable("betza")
end

local function on_matching_buffers(start)
  vim.api.nvim_create_autocmd({ "BufReadPost", "BufNewFile" }, {
    group = vim.api.nvim_create_augroup("betza", { clear = true }),
    callback = function(args)
      if M.handles(vim.api.nvim_buf_get_name(args.buf)) then
        start(args.buf)
      end
    end,
  })
end

local function setup_start(opts)
  on_matching_buffers(function(bufnr)
    vim.lsp.start(config_for(opts, directory_of(bufnr)), { bufnr = bufnr })
  end)
end

-- Neovim 0.7 has no vim.lsp.start: one client serves every buffer.
local function setup_start_client(opts)
  local client_id
  on_matching_buffers(function(bufnr)
    if not client_id or not vim.lsp.get_client_by_id(client_id) then
      client_id = vim.lsp.start_client(config_for(opts, directory_of(bufnr)))
    end
    vim.lsp.buf_attach_client(bufnr, client_id)
  end)
end

function M.setup(opts)
  opts = opts or {}
  opts.cmd = opts.cmd or { "betza", "lsp" }
  opts.settings = opts.settings or vim.empty_dict()
  add_filetypes()
  if vim.lsp.config and vim.lsp.enable then
    setup_config_api(opts)
  elseif vim.lsp.start then
    setup_start(opts)
  else
    setup_start_client(opts)
  end
end

return M
