-- The betza language server in Neovim: diagnostics, hover with move diagrams, completion and
-- macro rename for Betza notation in variants.ini, PGN, Interactive Diagram, C/CIF, .betza and
-- .mbn files.
--
-- Install: put this file at ~/.config/nvim/lua/betza.lua (or add the folder holding `lua/` to
-- 'runtimepath'), then call from init.lua:
--
--   require("betza").setup({
--     cmd = { "betza", "lsp" },                 -- the server; `betza` must be on PATH otherwise
--     settings = { dialect = "xbetza", engines = { "fairy-stockfish" } },
--     diagnostic = { severity_sort = true, virtual_text = true },  -- the default
--     completeopt = "menuone,noinsert,noselect",  -- the default; false leaves yours
--     on_attach = function(client, bufnr) end,  -- optional, runs after betza's own
--   })
--
-- `completeopt` is 'completeopt' in the server's buffers only: CTRL-X CTRL-O shows the letters
-- and inserts none until you pick one (Neovim's default inserts the first at once, and Esc keeps
-- it), and opens no preview window. Neovim 0.11 and newer keep it per buffer; before, it is set
-- while you are in Insert mode in such a buffer and yours is put back when you leave it.
--
-- `diagnostic` is given to vim.diagnostic.config for the server's namespace only: the default
-- sorts signs and virtual text by severity, so an error is never hidden behind a hint on its
-- line, and shows virtual text (Neovim 0.11 turned it off by default). Give a table of your own
-- to use it instead, or false to leave Neovim's settings (and yours) alone.
--
-- `K` is Neovim's hover, its float wrapped between words and moved where it shows whole when
-- the rows beside the cursor are too few for a diagram; a `K` of your own is kept.
--
-- The code action "Explain this piece in a new document" opens the explanation: Neovim 0.9 and
-- newer show the document the server asks them to, older ones open it here, in a split.
--
-- A Fairy-Stockfish variants file is an `.ini` named `*variants*.ini`, or one whose content is
-- a variants file (a key of the engine's options, such as `maxRank = …` or `pawn = p`, or
-- `[name:parent]` with a built-in variant or a section above as parent): it gets the filetype `fairy-variants`
-- (coloured as INI) from Neovim 0.8 on, and the server on every version. For any other file,
-- `:set filetype=fairy-variants` starts the server by hand.
--
-- Neovim 0.11 and newer use vim.lsp.config/vim.lsp.enable, 0.8 to 0.10 vim.lsp.start, and 0.7
-- the older vim.lsp.start_client.
local M = {}

local BETZA_K = "<Cmd>lua require('betza').hover()<CR>"

-- Files are chosen by name, and an `.ini` also by its content: `variants.ini` holds Betza, an
-- ordinary `.ini` does not, and both are `dosini` to Neovim. The lists are the server's own
-- (tests/neovim checks them against syntax/src/host/kinds.rs, and writes them).
-- The words of a text, as the keys of a table.
local function set_of(text)
  local set = {}
  for word in text:gmatch("%S+") do
    set[word] = true
  end
  return set
end

-- Generated from syntax/src/host/kinds.rs by `UPDATE_EDITORS=1 cargo test -p betza-server --test neovim generated_lists`: edit the table, not this part.
-- The filetype a file of each extension the server reads gets: the name decides.
local FILETYPES = {
  pgn = "pgn",
  diagram = "interactive-diagram",
  cif = "xml",
  ccif = "xml",
  betza = "betza",
  mbn = "mbn",
}
-- An `.ini` is a variants file by a word in its name, or by its content: a key of KEYS
-- (in lower case; a numbered key takes any digits), one of PIECE_KEYS whose value is a letter
-- (alone or before `:`), one of SWITCH_KEYS whose value is `true` or `false`, or a section
-- inheriting from a built-in variant or from a section above it.
local VARIANTS = {
  filetype = "fairy-variants",
  extension = "ini",
  name_word = "variants",
  numbered_keys = { "custompiece" },
}
-- The keys of Fairy-Stockfish's options that only a variants file has, in lower case.
local KEYS = set_of([[
  maxrank maxfile whiteflag blackflag castlingrookpiece whitedropregion blackdropregion
  pawntypes varianttemplate piecetochartable pocketsize chess960 twoboards startfen
  promotionregionwhite promotionregionblack promotionpawntypes promotionpawntypeswhite
  promotionpawntypesblack promotionpiecetypes promotionpiecetypeswhite promotionpiecetypesblack
  sittuyinpromotion piecepromotiononcapture mandatorypawnpromotion mandatorypiecepromotion
  piecedemotion blastoncapture blastimmunetypes mutuallyimmunetypes petrifyoncapturetypes
  petrifyblastpieces doublestep doublestepregionwhite doublestepregionblack
  triplestepregionwhite triplestepregionblack enpassantregion enpassantregionwhite
  enpassantregionblack enpassanttypes enpassanttypeswhite enpassanttypesblack
  castlingdroppedpiece castlingkingsidefile castlingqueensidefile castlingrank castlingkingfile
  castlingkingpiece castlingkingpiecewhite castlingkingpieceblack castlingrookkingsidefile
  castlingrookqueensidefile castlingrookpieces castlingrookpieceswhite castlingrookpiecesblack
  oppositecastling dropchecks mustcapture mustdrop mustdroptype piecedrops droploop
  capturestohand firstrankpawndrops promotionzonepawndrops enclosingdrop enclosingdropstart
  dropregionwhite dropregionblack sittuyinrookdrop dropoppositecoloredbishop droppromoted
  dropnodoubled dropnodoubledcount immobilityillegal wallingrule wallingregionwhite
  wallingregionblack wallingregion wallormove seirawangating cambodianmoves diagonallines
  passwhite passblack passonstalemate passonstalematewhite passonstalemateblack makpongrule
  flyinggeneral soldierpromotionrank flipenclosedpieces nmoveruletypes nmoveruletypeswhite
  nmoveruletypesblack nmoverule nfoldrule nfoldvalue nfoldvalueabsolute perpetualcheckillegal
  moverepetitionillegal chasingrule stalematevalue stalematepiececount checkmatevalue
  shogipawndropmateillegal shatarmaterule bikjangrule extinctionvalue extinctionclaim
  extinctionpseudoroyal duplecheck extinctionpiecetypes extinctionpiececount
  extinctionopponentpiececount flagpiece flagpiecewhite flagpieceblack flagregion
  flagregionwhite flagregionblack flagpiececount flagpieceblockedwin flagmove flagpiecesafe
  checkcounting connectn connectpiecetypes connecthorizontal connectvertical connectdiagonal
  connectregion1white connectregion2white connectregion1black connectregion2black connectnxn
  collinearn connectvalue materialcounting adjudicatefullboard countingrule castlingwins
  promotionrank doublesteprank doublesteprankmin dropontop piecevaluemg piecevalueeg
  promotionlimit promotedpiecetype fersalfil shogipawn shogiknight dragonhorse janggicannon
  janggielephant mobilityregionwhitepawn mobilityregionblackpawn mobilityregionwhiteknight
  mobilityregionblackknight mobilityregionwhitebishop mobilityregionblackbishop
  mobilityregionwhiterook mobilityregionblackrook mobilityregionwhitequeen
  mobilityregionblackqueen mobilityregionwhitefers mobilityregionblackfers
  mobilityregionwhitealfil mobilityregionblackalfil mobilityregionwhitefersalfil
  mobilityregionblackfersalfil mobilityregionwhitesilver mobilityregionblacksilver
  mobilityregionwhiteaiwok mobilityregionblackaiwok mobilityregionwhitebers
  mobilityregionblackbers mobilityregionwhitearchbishop mobilityregionblackarchbishop
  mobilityregionwhitechancellor mobilityregionblackchancellor mobilityregionwhiteamazon
  mobilityregionblackamazon mobilityregionwhiteknibis mobilityregionblackknibis
  mobilityregionwhitebiskni mobilityregionblackbiskni mobilityregionwhitekniroo
  mobilityregionblackkniroo mobilityregionwhiterookni mobilityregionblackrookni
  mobilityregionwhiteshogipawn mobilityregionblackshogipawn mobilityregionwhitelance
  mobilityregionblacklance mobilityregionwhiteshogiknight mobilityregionblackshogiknight
  mobilityregionwhitegold mobilityregionblackgold mobilityregionwhitedragonhorse
  mobilityregionblackdragonhorse mobilityregionwhiteclobber mobilityregionblackclobber
  mobilityregionwhitebreakthrough mobilityregionblackbreakthrough mobilityregionwhiteimmobile
  mobilityregionblackimmobile mobilityregionwhitecannon mobilityregionblackcannon
  mobilityregionwhitejanggicannon mobilityregionblackjanggicannon mobilityregionwhitesoldier
  mobilityregionblacksoldier mobilityregionwhitehorse mobilityregionblackhorse
  mobilityregionwhiteelephant mobilityregionblackelephant mobilityregionwhitejanggielephant
  mobilityregionblackjanggielephant mobilityregionwhitebanner mobilityregionblackbanner
  mobilityregionwhitewazir mobilityregionblackwazir mobilityregionwhitecommoner
  mobilityregionblackcommoner mobilityregionwhitecentaur mobilityregionblackcentaur
  mobilityregionwhiteking mobilityregionblackking mobilityregionwhitecustompiece1
  mobilityregionblackcustompiece1 mobilityregionwhitecustompiece2
  mobilityregionblackcustompiece2 mobilityregionwhitecustompiece3
  mobilityregionblackcustompiece3 mobilityregionwhitecustompiece4
  mobilityregionblackcustompiece4 mobilityregionwhitecustompiece5
  mobilityregionblackcustompiece5 mobilityregionwhitecustompiece6
  mobilityregionblackcustompiece6 mobilityregionwhitecustompiece7
  mobilityregionblackcustompiece7 mobilityregionwhitecustompiece8
  mobilityregionblackcustompiece8 mobilityregionwhitecustompiece9
  mobilityregionblackcustompiece9 mobilityregionwhitecustompiece10
  mobilityregionblackcustompiece10 mobilityregionwhitecustompiece11
  mobilityregionblackcustompiece11 mobilityregionwhitecustompiece12
  mobilityregionblackcustompiece12 mobilityregionwhitecustompiece13
  mobilityregionblackcustompiece13 mobilityregionwhitecustompiece14
  mobilityregionblackcustompiece14 mobilityregionwhitecustompiece15
  mobilityregionblackcustompiece15 mobilityregionwhitecustompiece16
  mobilityregionblackcustompiece16 mobilityregionwhitecustompiece17
  mobilityregionblackcustompiece17 mobilityregionwhitecustompiece18
  mobilityregionblackcustompiece18 mobilityregionwhitecustompiece19
  mobilityregionblackcustompiece19 mobilityregionwhitecustompiece20
  mobilityregionblackcustompiece20 mobilityregionwhitecustompiece21
  mobilityregionblackcustompiece21 mobilityregionwhitecustompiece22
  mobilityregionblackcustompiece22 mobilityregionwhitecustompiece23
  mobilityregionblackcustompiece23 mobilityregionwhitecustompiece24
  mobilityregionblackcustompiece24 mobilityregionwhitecustompiece25
  mobilityregionblackcustompiece25
]])
-- Its pieces named by a plain word, which count with a letter as their value.
local PIECE_KEYS = set_of([[
  pawn knight bishop rook queen fers alfil silver aiwok bers archbishop chancellor amazon knibis
  biskni kniroo rookni lance gold clobber breakthrough immobile cannon soldier horse elephant
  banner wazir commoner centaur king
]])
-- Its rules named by a plain word, which count with the value true or false.
local SWITCH_KEYS = set_of([[
  castling checking gating pass
]])
-- The variants Fairy-Stockfish has built in, which a section may inherit from.
local BUILT_IN = set_of([[
  chess normal fischerandom nocastle armageddon torpedo berolina pawnsideways pawnback legan
  fairy makruk makpong cambodian karouk asean ai-wok shatranj chaturanga amazon georgian
  nightrider grasshopper hoppelpoppel newzealand kingofthehill racingkings knightmate misere
  losers giveaway antichess suicide codrus extinction kinglet threekings horde petrified
  nocheckatomic atomic atomar isolation isolation7x7 snailtrail fox-and-hounds duck joust 3check
  5check crazyhouse loop chessgi bughouse koedem pocketknight placement sittuyin seirawan shouse
  dragon paradigm minishogi mini kyotoshogi micro dobutsu gorogoro judkins torishogi euroshogi
  losalamos gardner almost sortofalmost chigorin perfect spartan shatar coregal clobber
  breakthrough ataxx flipersi flipello minixiangqi raazuvaa shogi checkshogi shoshogi yarishogi
  okisakishogi capablanca capahouse caparandom gothic janus modern chancellor embassy centaur
  gustav3 jesonmor courier grand opulent tencubed omicron troitzky wolf shako clobber10
  flipello10 amazons xiangqi manchu supply janggi janggitraditional janggimodern janggicasual
]])
-- End of the generated part.

-- Whether a `key = value` line is one only a variants file has: a key of the engine's, and
-- for a plain word a value the engine reads as it (a piece letter, `true` or `false`).
local function is_variants_key(line)
  local key, value = line:match("^([^=]*)=(.*)$")
  if not key then
    return false
  end
  key, value = vim.trim(key):lower(), vim.trim(value)
  if KEYS[key] then
    return true
  end
  for _, numbered in ipairs(VARIANTS.numbered_keys) do
    if key:sub(1, #numbered) == numbered and key:sub(#numbered + 1):match("^%d*$") then
      return true
    end
  end
  if PIECE_KEYS[key] then
    return value:match("^[A-Za-z]$") ~= nil or value:match("^[A-Za-z]:") ~= nil
  end
  if SWITCH_KEYS[key] then
    return value:lower() == "true" or value:lower() == "false"
  end
  return false
end

-- Whether the lines are a Fairy-Stockfish variants file, as the server decides
-- (syntax/src/host/ini/recognition.rs, `is_variants_file`): a key of the engine's options
-- (see is_variants_key), or a section inheriting from a built-in variant or from a section
-- above it, in any case. A parent alone is not enough: tox.ini's `[testenv:lint]` has one.
local function holds_variants(lines)
  local above = {}
  for _, line in ipairs(lines) do
    local header = line:match("^%[([^%]]*)")
    if header then
      local name, parent = header:match("^([^:]*):(.*)$")
      if parent then
        parent = vim.trim(parent):lower()
        if BUILT_IN[parent] or above[parent] then
          return true
        end
      end
      above[vim.trim(name or header):lower()] = true
    elseif not vim.trim(line):match("^[#;]") and is_variants_key(line) then
      return true
    end
  end
  return false
end

-- The extension of a file's name, in lower case ("" without one).
local function extension_of(path)
  return vim.fn.fnamemodify(path, ":t"):lower():match("%.([^.]*)$") or ""
end

-- An `.ini` named `*variants*.ini`, or whose buffer holds a variants file.
local function is_variants_file(path, bufnr)
  if extension_of(path) ~= VARIANTS.extension then
    return false
  end
  local name = vim.fn.fnamemodify(path, ":t"):lower()
  return name:find(VARIANTS.name_word, 1, true) ~= nil
    or holds_variants(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false))
end

--- Whether the server reads the file with this path (shown in buffer `bufnr`, when given).
function M.handles(path, bufnr)
  if FILETYPES[extension_of(path)] then
    return true
  end
  if not (bufnr and vim.api.nvim_buf_is_loaded(bufnr)) then
    return false
  end
  return vim.bo[bufnr].filetype == VARIANTS.filetype or is_variants_file(path, bufnr)
end

local function first_line_is_xml(bufnr)
  local line = vim.api.nvim_buf_get_lines(bufnr, 0, 1, false)[1] or ""
  return line:match("^%s*<") ~= nil
end

-- A Lua pattern that matches `text` in any case: "ini" gives "[iI][nN][iI]".
local function any_case(text)
  return (text:gsub("%a", function(c)
    return "[" .. c:lower() .. c:upper() .. "]"
  end))
end

-- Each extension's filetype, but `.cif` is also crystallography's format, so only an XML
-- `.cif` becomes `xml`. A variants file is `fairy-variants` (from Neovim 0.8 on; 0.7 uses
-- these rules only when `g:do_filetype_lua` is set, and the server then starts by M.handles
-- all the same), coloured as INI.
local function add_filetypes()
  local extension = vim.deepcopy(FILETYPES)
  extension.cif = function(_, bufnr)
    if first_line_is_xml(bufnr) then
      return FILETYPES.cif
    end
  end
  vim.filetype.add({
    extension = extension,
    pattern = {
      [".*%." .. any_case(VARIANTS.extension)] = function(path, bufnr)
        if is_variants_file(path, bufnr) then
          return VARIANTS.filetype
        end
      end,
    },
  })
  vim.api.nvim_create_autocmd("FileType", {
    group = vim.api.nvim_create_augroup("betza-filetype", { clear = true }),
    pattern = VARIANTS.filetype,
    callback = function(args)
      vim.bo[args.buf].commentstring = "# %s"
      -- After Neovim's own FileType handler, which sets 'syntax' to the filetype.
      vim.schedule(function()
        if vim.api.nvim_buf_is_valid(args.buf) and vim.bo[args.buf].filetype == VARIANTS.filetype then
          vim.bo[args.buf].syntax = "dosini"
        end
      end)
    end,
  })
end

-- Rows a line fills in a window `width` wide with 'linebreak': a word that does not fit goes
-- to the next row, and only a word wider than a row is broken.
local function wrapped_rows(line, width)
  local rows, used = 1, 0
  for word, blanks in line:gmatch("(%S*)(%s*)") do
    local wide = vim.fn.strdisplaywidth(word)
    if used > 0 and used + wide > width then
      rows, used = rows + 1, 0
    end
    used = used + wide
    while used > width do
      rows, used = rows + 1, used - width
    end
    used = math.min(used + vim.fn.strdisplaywidth(blanks), width)
  end
  return rows
end

-- Rows the float's text takes on screen: wrapped lines count once per row they fill.
local function rows_needed(win)
  if vim.api.nvim_win_text_height then
    return vim.api.nvim_win_text_height(win, {}).all
  end
  local width = math.max(vim.api.nvim_win_get_width(win), 1)
  local rows = 0
  for _, line in ipairs(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false)) do
    rows = rows + wrapped_rows(line, width)
  end
  return rows
end

-- Neovim gives the hover float the rows on one side of the cursor only: in the middle of an
-- 80x24 terminal, 11, and a piece's diagram needs about 14. A float cut short is moved up (or
-- down) the screen until the whole of it shows, as tall as the screen allows.
local function fit_on_screen(win)
  if not (win and vim.api.nvim_win_is_valid(win)) then
    return
  end
  local config = vim.api.nvim_win_get_config(win)
  local needed = rows_needed(win)
  if config.relative == "" or needed <= config.height then
    return
  end
  local frame = (config.border and config.border ~= "none" and config.border ~= "") and 2 or 0
  local screen = vim.o.lines - vim.o.cmdheight - frame
  local height = math.min(needed, screen)
  local top, left = unpack(vim.fn.win_screenpos(win))
  vim.api.nvim_win_set_config(win, {
    relative = "editor",
    row = math.max(0, math.min(top - 1 - frame / 2, screen - height)),
    col = math.max(0, left - 1 - frame / 2),
    width = config.width,
    height = height,
  })
end

-- `K`: Neovim's own hover, then its float wrapped at word boundaries and fitted on screen once
-- it opens (Neovim keeps the float's window in the buffer variable `lsp_floating_preview`).
-- Neovim 0.7 and 0.10 wrap the float without 'linebreak', in the middle of words (0.12 sets it).
function M.hover()
  local bufnr = vim.api.nvim_get_current_buf()
  local before = vim.b[bufnr].lsp_floating_preview
  vim.lsp.buf.hover()
  local waited = 0
  local function poll()
    local win = vim.api.nvim_buf_is_valid(bufnr) and vim.b[bufnr].lsp_floating_preview
    if win and win ~= before and vim.api.nvim_win_is_valid(win) then
      vim.wo[win].linebreak = true
      fit_on_screen(win)
    elseif waited < 3000 then
      waited = waited + 20
      vim.defer_fn(poll, 20)
    end
  end
  poll()
end

-- `K` in a buffer the server attaches to is betza's hover, unless the user mapped `K` (Neovim's
-- own LSP mapping from 0.10 on is replaced); 'omnifunc' is set where it is empty (Neovim sets it
-- itself from 0.8 on), so one the user set is kept.
local function default_keys(bufnr)
  if vim.bo[bufnr].omnifunc == "" then
    vim.bo[bufnr].omnifunc = "v:lua.vim.lsp.omnifunc"
  end
  vim.api.nvim_buf_call(bufnr, function()
    local mapped = vim.fn.maparg("K", "n", false, true)
    local neovims_own = mapped.desc == "vim.lsp.buf.hover()"
    if vim.tbl_isempty(mapped) or neovims_own or mapped.rhs == BETZA_K then
      vim.api.nvim_buf_set_keymap(bufnr, "n", "K", BETZA_K, { noremap = true, silent = true })
    end
  end)
end

local COMPLETEOPT = "menuone,noinsert,noselect"

-- 'completeopt' for the server's buffer `bufnr` (see the top of this file).
local function completion_options(opts, bufnr)
  if opts.completeopt == false then
    return
  end
  local value = opts.completeopt or COMPLETEOPT
  local get_info = vim.api.nvim_get_option_info2 or function(name)
    return vim.api.nvim_get_option_info(name)
  end
  if get_info("completeopt", {}).scope == "buf" then
    vim.bo[bufnr].completeopt = value
    return
  end
  -- Completion happens in Insert mode only; Neovim's LSP code visits other buffers without
  -- BufEnter on the way back, so Insert mode is the span, not the buffer being current.
  local group = vim.api.nvim_create_augroup("betza-completeopt-" .. bufnr, { clear = true })
  local theirs
  vim.api.nvim_create_autocmd("InsertEnter", {
    group = group,
    buffer = bufnr,
    callback = function()
      theirs = theirs or vim.o.completeopt
      vim.o.completeopt = value
    end,
  })
  vim.api.nvim_create_autocmd("InsertLeave", {
    group = group,
    buffer = bufnr,
    callback = function()
      if theirs then
        vim.o.completeopt, theirs = theirs, nil
      end
    end,
  })
end

-- A letter in the middle of a word rewrites the whole word (the server's edit covers the part
-- after the cursor, as Eglot and VS Code apply it), but Neovim's omni-completion puts the item
-- before the cursor and keeps that part: the copy of it after the cursor is taken away.
local function complete_done(bufnr)
  local done = vim.v.completed_item
  local lsp = type(done) == "table" and type(done.user_data) == "table" and done.user_data.nvim
    and done.user_data.nvim.lsp
  local edit = lsp and lsp.completion_item and lsp.completion_item.textEdit
  local range = edit and edit.range
  -- A letter's item: the word one letter longer, on one line.
  if not (range and edit.newText == done.word and range.start.line == range["end"].line
      and range["end"].character - range.start.character == #edit.newText - 1) then
    return
  end
  -- The cursor as the completion leaves it, still in Insert mode (Esc moves it back one); the
  -- text is changed once the completion is over.
  local row, col = unpack(vim.api.nvim_win_get_cursor(0))
  local line = vim.api.nvim_get_current_line()
  local rest = line:sub(col + 1):match("^%w*")
  if #rest == 0 or line:sub(1, col):sub(-#edit.newText) ~= edit.newText
      or edit.newText:sub(-#rest) ~= rest then
    return
  end
  vim.schedule(function()
    local now = vim.api.nvim_buf_is_valid(bufnr)
      and vim.api.nvim_buf_get_lines(bufnr, row - 1, row, false)[1]
    if now == line then
      vim.api.nvim_buf_set_text(bufnr, row - 1, col, row - 1, col + #rest, {})
    end
  end)
end

local function completion_fixes(bufnr)
  local group = vim.api.nvim_create_augroup("betza-complete-done-" .. bufnr, { clear = true })
  vim.api.nvim_create_autocmd("CompleteDone", {
    group = group,
    buffer = bufnr,
    callback = function()
      complete_done(bufnr)
    end,
  })
end

-- An error and a hint on one line: unsorted, the sign and the virtual text are the last one's.
local DIAGNOSTIC_DEFAULTS = { severity_sort = true, virtual_text = true }

-- Diagnostics come the standard way, taken by Neovim's own handlers into the client's namespace:
-- sent (textDocument/publishDiagnostics) to Neovim 0.7, asked for (textDocument/diagnostic) by
-- 0.10 and newer, whose answers go to a namespace of their own. The options apply to those
-- namespaces alone, over the global ones.
local function configure_diagnostics(opts, client)
  if opts.diagnostic == false then
    return
  end
  local pulled = vim.fn.has("nvim-0.10") == 1
  -- 0.12 names a pull namespace by the identifier it asks with; 0.10 finds it itself.
  local provider = (client.server_capabilities or {}).diagnosticProvider
  local identifier = type(provider) == "table" and provider.identifier or nil
  for _, is_pull in ipairs(pulled and { false, true } or { false }) do
    local namespace = vim.lsp.diagnostic.get_namespace(client.id, is_pull, identifier)
    vim.diagnostic.config(vim.deepcopy(opts.diagnostic or DIAGNOSTIC_DEFAULTS), namespace)
  end
end

-- Whether the client told the server it shows documents (`window/showDocument`, which Neovim
-- handles from 0.9 on): the server then asks it to show the explanation, and Neovim does.
local function shows_documents(client)
  local capabilities = client.capabilities or client.config.capabilities or {}
  local window = capabilities.window or {}
  return type(window.showDocument) == "table" and window.showDocument.support == true
end

-- `client:request` from 0.11 on, where the function form is deprecated.
local function request(client, method, params, handler, bufnr)
  if vim.fn.has("nvim-0.11") == 1 then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

-- The `betza.explain` command of the code action: the server writes the explanation to a new
-- file and returns its path, opened here in a split when Neovim would not show it itself (so
-- it never opens twice).
local function explain(command, ctx)
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  if not client then
    return
  end
  local params = { command = command.command, arguments = command.arguments }
  request(client, "workspace/executeCommand", params, function(err, path)
    if err then
      vim.notify("betza: " .. tostring(err.message or err), vim.log.levels.ERROR)
    elseif type(path) ~= "string" then
      vim.notify("betza: no piece to explain here", vim.log.levels.INFO)
    elseif not shows_documents(client) then
      vim.cmd("split " .. vim.fn.fnameescape(path))
    end
  end, ctx.bufnr)
end

-- A user's `on_attach` runs after the default keys and diagnostic options are set.
local function config_for(opts, root_dir)
  return {
    name = "betza",
    cmd = opts.cmd,
    root_dir = root_dir,
    init_options = opts.settings,
    settings = { betza = opts.settings },
    commands = { ["betza.explain"] = explain },
    on_attach = function(client, bufnr)
      default_keys(bufnr)
      completion_options(opts, bufnr)
      completion_fixes(bufnr)
      configure_diagnostics(opts, client)
      if opts.on_attach then
        opts.on_attach(client, bufnr)
      end
    end,
  }
end

local function directory_of(bufnr)
  return vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ":p:h")
end

local function setup_config_api(opts)
  local config = config_for(opts, function(bufnr, on_dir)
    if M.handles(vim.api.nvim_buf_get_name(bufnr), bufnr) then
      on_dir(directory_of(bufnr))
    end
  end)
  vim.lsp.config("betza", config)
  vim.lsp.enable("betza")
end

-- FileType too: a filetype set by hand (`:set filetype=fairy-variants`) starts the server.
local function on_matching_buffers(start)
  vim.api.nvim_create_autocmd({ "BufReadPost", "BufNewFile", "FileType" }, {
    group = vim.api.nvim_create_augroup("betza", { clear = true }),
    callback = function(args)
      if M.handles(vim.api.nvim_buf_get_name(args.buf), args.buf) then
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

-- An explanation is prose in long lines: wrapped at the window's edge on words, not inside
-- them (issue 55 saw "ba / ckward" at 80 columns).
local function wrap_explanations()
  vim.api.nvim_create_autocmd("BufWinEnter", {
    group = vim.api.nvim_create_augroup("betza-explanation", { clear = true }),
    pattern = "*betza-explain-*.md",
    callback = function()
      vim.opt_local.wrap = true
      vim.opt_local.linebreak = true
      vim.opt_local.breakindent = true
    end,
  })
end

function M.setup(opts)
  opts = opts or {}
  opts.cmd = opts.cmd or { "betza", "lsp" }
  opts.settings = opts.settings or vim.empty_dict()
  add_filetypes()
  wrap_explanations()
  if vim.lsp.config and vim.lsp.enable then
    setup_config_api(opts)
  elseif vim.lsp.start then
    setup_start(opts)
  else
    setup_start_client(opts)
  end
end

return M
