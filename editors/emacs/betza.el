;;; betza.el --- Betza notation through the betza language server and Eglot  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1") (eglot "1.9"))
;; Keywords: languages, games

;;; Commentary:

;; The betza language server in Emacs: diagnostics (Flymake), hover with move diagrams
;; (ElDoc), completion (completion-at-point) and fixes (code actions) for Betza notation in
;; Fairy-Stockfish variants.ini files, PGN games, Interactive Diagrams, C/CIF files, .betza
;; and .mbn files.
;;
;; Eglot is built into Emacs 29 and newer; on Emacs 28 install it (Debian: `apt-get install
;; elpa-eglot`, else `M-x package-install RET eglot`).  Then, in your init file:
;;
;;   (add-to-list 'load-path "/path/to/betza/editors/emacs")
;;   (require 'betza)
;;
;; Files are chosen as the server chooses them: a Fairy-Stockfish variants file is an `.ini'
;; named `*variants*.ini' or whose content is one (a key of Fairy-Stockfish's options, such as
;; `maxRank = ...' or `pawn = p', or a section `[name:parent]' inheriting from a built-in variant
;; or a section above it); an ordinary `.ini' stays in `conf-windows-mode' and is left alone.  Then `.pgn',
;; `.diagram', `.cif', `.ccif', `.betza' and `.mbn'.  Each gets a major mode of its own, derived
;; from the mode Emacs would have used, and Eglot starts `betza lsp' in it (set
;; `betza-eglot-ensure' to nil to start it yourself with M-x eglot).  M-x betza-variants-mode picks the mode by hand.
;;
;; Hovers are Markdown: Eglot renders them with markdown-mode when it is installed (Debian:
;; `apt-get install elpa-markdown-mode'), else shows the raw text.  A hover longer than the
;; echo area (a piece's, with its diagram) shows whole in a window at the bottom of the frame,
;; which then follows the point (`q' closes it); set `betza-hover-window' to nil for ElDoc's
;; own display, where C-h . (`eldoc-doc-buffer') shows what the echo area cuts.
;;
;; C-c C-e (`betza-explain'), or "Explain this piece in a new document" of M-x
;; eglot-code-actions, shows the piece at point explained in a buffer of its own.
;;
;; Settings go to the server through `eglot-workspace-configuration', for instance in a
;; .dir-locals.el:
;;
;;   ((nil . ((eglot-workspace-configuration
;;             . ((:betza . (:engines ["fairy-stockfish" "xboard"])))))))

;;; Code:

(require 'cl-lib)
(require 'conf-mode)
(require 'subr-x)

(defvar eglot-server-programs)
(declare-function eglot-ensure "eglot" ())

(defgroup betza nil
  "Betza notation through the betza language server."
  :group 'languages
  :prefix "betza-")

(defcustom betza-server-command '("betza" "lsp")
  "The language server's command and its arguments.
`betza' must be on `exec-path' unless the program is given as a full path."
  :type '(repeat string))

(defcustom betza-eglot-ensure t
  "Whether a buffer of a Betza mode starts (or joins) the server on its own.
When nil, start it with \\[eglot]."
  :type 'boolean)

(defcustom betza-hover-window t
  "Whether a hover longer than the echo area shows whole in a window.
When non-nil, such a hover (a piece's, with its diagram) opens ElDoc's
*eldoc* buffer in a window at the bottom of the frame, as high as the
hover, and the echo area stays quiet while it shows; the window then
follows the point, and `q' in it closes it.  When nil, the echo area
shows what fits (`max-mini-window-height') and \\[eldoc-doc-buffer] the rest."
  :type 'boolean)

(defun betza--echo-area-lines ()
  "How many lines the echo area may grow to (`max-mini-window-height')."
  (if (floatp max-mini-window-height)
      (max 1 (truncate (* (frame-height) max-mini-window-height)))
    max-mini-window-height))

(defvar eldoc--doc-buffer)
(defvar eldoc-display-functions)
(declare-function eldoc-display-in-buffer "eldoc" (docs interactive))
(declare-function eldoc-display-in-echo-area "eldoc" (docs interactive))

(defun betza--doc-window ()
  "The window that shows ElDoc's *eldoc* buffer, or nil."
  (and (boundp 'eldoc--doc-buffer)
       (buffer-live-p eldoc--doc-buffer)
       (get-buffer-window eldoc--doc-buffer t)))

(defun betza--eldoc-display (docs interactive)
  "Show DOCS, ElDoc's documentation at point, whole.
In place of `eldoc-display-in-echo-area' in Betza buffers (see
`betza-hover-window'): DOCS longer than the echo area may grow show
in a window at the bottom of the frame, and while that window shows,
the echo area stays quiet; else the echo area shows them, as ElDoc
does.  INTERACTIVE as for `eldoc-display-functions'."
  (let ((lines (cl-loop for (text) in docs sum (1+ (cl-count ?\n text)))))
    (cond
     ((not betza-hover-window) (eldoc-display-in-echo-area docs interactive))
     ((> lines (betza--echo-area-lines))
      (eldoc-display-in-buffer docs nil)
      (with-current-buffer eldoc--doc-buffer
        ;; Named as `eldoc-doc-buffer' names it once shown, so C-x b finds it.
        (rename-buffer (string-trim-left (buffer-name)) t)
        (visual-line-mode 1))
      (let ((window (display-buffer
                     eldoc--doc-buffer
                     '((display-buffer-reuse-window display-buffer-in-side-window)
                       (side . bottom)
                       (window-height . fit-window-to-buffer)))))
        ;; A window shown before, for another hover or another frame size, is fitted again.
        (when (and window (eq (window-parameter window 'window-side) 'bottom))
          (fit-window-to-buffer window))))
     ;; The window shows them (`eldoc-display-in-buffer' fills it).
     ((betza--doc-window))
     (t (eldoc-display-in-echo-area docs interactive)))))

(defun betza--setup-buffer ()
  "What each Betza mode sets up: the hover's display, then Eglot."
  (setq-local eldoc-display-functions
              (cons #'betza--eldoc-display
                    (remq 'eldoc-display-in-echo-area
                          (default-value 'eldoc-display-functions))))
  (betza--start-eglot))

(defun betza--start-eglot ()
  "Start Eglot in the current buffer if `betza-eglot-ensure' says so.
Eglot is loaded here, not when this file is: only a Betza file needs
it, and a package installed without its autoloads (Debian's elpa-eglot
in `emacs --batch') is found all the same.  So is markdown-mode, whose
`gfm-view-mode' Eglot renders hovers with when it is defined."
  (when betza-eglot-ensure
    (require 'markdown-mode nil t)
    (if (require 'eglot nil t)
        (eglot-ensure)
      (message "betza: Eglot is not installed; on Emacs 28, `apt-get install elpa-eglot' \
or M-x package-install RET eglot"))))

;;;###autoload
(define-derived-mode betza-variants-mode conf-windows-mode "Variants"
  "Major mode for Fairy-Stockfish variants.ini files, with the betza server.
An INI mode whose Betza strings (`customPiece1 = x:fmWfcF') the server
checks, explains on hover and completes, as it does the options of each
section."
  (betza--setup-buffer))

(defvar betza-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?# "<" table)
    (modify-syntax-entry ?\n ">" table)
    table)
  "Syntax table of `betza-mode': `#' starts a comment.")

;;;###autoload
(define-derived-mode betza-mode prog-mode "Betza"
  "Major mode for .betza files: one Betza string a line, `#' comments.
A line may name its piece, `Name: STRING'.  A line
`# dialect: xbetza|fairy|mbn|chained' sets the dialect of the lines after it."
  (setq-local comment-start "# ")
  (setq-local comment-end "")
  (betza--setup-buffer))

(defvar betza-mbn-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?| "!" table)
    table)
  "Syntax table of `betza-mbn-mode': comments stand between bars, `|like this|'.")

;;;###autoload
(define-derived-mode betza-mbn-mode prog-mode "MBN"
  "Major mode for .mbn files: MBN definitions (C/CIF's Modified Betza Notation).
Definitions are separated by whitespace, comments stand between bars."
  (setq-local comment-start "|")
  (setq-local comment-end "|")
  (betza--setup-buffer))

;;;###autoload
(define-derived-mode betza-pgn-mode text-mode "PGN"
  "Major mode for PGN games whose `VariantMen' tag holds Betza strings."
  (betza--setup-buffer))

;;;###autoload
(define-derived-mode betza-diagram-mode prog-mode "Diagram"
  "Major mode for Interactive Diagram files: `key=value' settings and piece
lines `name:ID:betza:image:squares', whose Betza (XBetza) the server checks."
  (betza--setup-buffer))

;;;###autoload
(define-derived-mode betza-ccif-mode nxml-mode "CCIF"
  "Major mode for C/CIF XML files, whose `pieces' attribute holds MBN."
  (betza--setup-buffer))

;; The server's lists of files (tests/emacs checks them against syntax/src/host/kinds.rs, and
;; writes them): variants files by name and by content, then each extension the server reads.
;; Generated from syntax/src/host/kinds.rs by `UPDATE_EDITORS=1 cargo test -p betza-server --test emacs generated_lists`: edit the table, not this part.
(defconst betza--built-in-variants
  '("chess" "normal" "fischerandom" "nocastle" "armageddon" "torpedo" "berolina" "pawnsideways"
    "pawnback" "legan" "fairy" "makruk" "makpong" "cambodian" "karouk" "asean" "ai-wok"
    "shatranj" "chaturanga" "amazon" "georgian" "nightrider" "grasshopper" "hoppelpoppel"
    "newzealand" "kingofthehill" "racingkings" "knightmate" "misere" "losers" "giveaway"
    "antichess" "suicide" "codrus" "extinction" "kinglet" "threekings" "horde" "petrified"
    "nocheckatomic" "atomic" "atomar" "isolation" "isolation7x7" "snailtrail" "fox-and-hounds"
    "duck" "joust" "3check" "5check" "crazyhouse" "loop" "chessgi" "bughouse" "koedem"
    "pocketknight" "placement" "sittuyin" "seirawan" "shouse" "dragon" "paradigm" "minishogi"
    "mini" "kyotoshogi" "micro" "dobutsu" "gorogoro" "judkins" "torishogi" "euroshogi"
    "losalamos" "gardner" "almost" "sortofalmost" "chigorin" "perfect" "spartan" "shatar"
    "coregal" "clobber" "breakthrough" "ataxx" "flipersi" "flipello" "minixiangqi" "raazuvaa"
    "shogi" "checkshogi" "shoshogi" "yarishogi" "okisakishogi" "capablanca" "capahouse"
    "caparandom" "gothic" "janus" "modern" "chancellor" "embassy" "centaur" "gustav3" "jesonmor"
    "courier" "grand" "opulent" "tencubed" "omicron" "troitzky" "wolf" "shako" "clobber10"
    "flipello10" "amazons" "xiangqi" "manchu" "supply" "janggi" "janggitraditional"
    "janggimodern" "janggicasual")
  "The variants Fairy-Stockfish has built in, which a section may inherit from.")

(defconst betza--variants-keys
  '("maxrank" "maxfile" "whiteflag" "blackflag" "castlingrookpiece" "whitedropregion"
    "blackdropregion" "pawntypes" "varianttemplate" "piecetochartable" "pocketsize" "chess960"
    "twoboards" "startfen" "promotionregionwhite" "promotionregionblack" "promotionpawntypes"
    "promotionpawntypeswhite" "promotionpawntypesblack" "promotionpiecetypes"
    "promotionpiecetypeswhite" "promotionpiecetypesblack" "sittuyinpromotion"
    "piecepromotiononcapture" "mandatorypawnpromotion" "mandatorypiecepromotion" "piecedemotion"
    "blastoncapture" "blastimmunetypes" "mutuallyimmunetypes" "petrifyoncapturetypes"
    "petrifyblastpieces" "doublestep" "doublestepregionwhite" "doublestepregionblack"
    "triplestepregionwhite" "triplestepregionblack" "enpassantregion" "enpassantregionwhite"
    "enpassantregionblack" "enpassanttypes" "enpassanttypeswhite" "enpassanttypesblack"
    "castlingdroppedpiece" "castlingkingsidefile" "castlingqueensidefile" "castlingrank"
    "castlingkingfile" "castlingkingpiece" "castlingkingpiecewhite" "castlingkingpieceblack"
    "castlingrookkingsidefile" "castlingrookqueensidefile" "castlingrookpieces"
    "castlingrookpieceswhite" "castlingrookpiecesblack" "oppositecastling" "dropchecks"
    "mustcapture" "mustdrop" "mustdroptype" "piecedrops" "droploop" "capturestohand"
    "firstrankpawndrops" "promotionzonepawndrops" "enclosingdrop" "enclosingdropstart"
    "dropregionwhite" "dropregionblack" "sittuyinrookdrop" "dropoppositecoloredbishop"
    "droppromoted" "dropnodoubled" "dropnodoubledcount" "immobilityillegal" "wallingrule"
    "wallingregionwhite" "wallingregionblack" "wallingregion" "wallormove" "seirawangating"
    "cambodianmoves" "diagonallines" "passwhite" "passblack" "passonstalemate"
    "passonstalematewhite" "passonstalemateblack" "makpongrule" "flyinggeneral"
    "soldierpromotionrank" "flipenclosedpieces" "nmoveruletypes" "nmoveruletypeswhite"
    "nmoveruletypesblack" "nmoverule" "nfoldrule" "nfoldvalue" "nfoldvalueabsolute"
    "perpetualcheckillegal" "moverepetitionillegal" "chasingrule" "stalematevalue"
    "stalematepiececount" "checkmatevalue" "shogipawndropmateillegal" "shatarmaterule"
    "bikjangrule" "extinctionvalue" "extinctionclaim" "extinctionpseudoroyal" "duplecheck"
    "extinctionpiecetypes" "extinctionpiececount" "extinctionopponentpiececount" "flagpiece"
    "flagpiecewhite" "flagpieceblack" "flagregion" "flagregionwhite" "flagregionblack"
    "flagpiececount" "flagpieceblockedwin" "flagmove" "flagpiecesafe" "checkcounting" "connectn"
    "connectpiecetypes" "connecthorizontal" "connectvertical" "connectdiagonal"
    "connectregion1white" "connectregion2white" "connectregion1black" "connectregion2black"
    "connectnxn" "collinearn" "connectvalue" "materialcounting" "adjudicatefullboard"
    "countingrule" "castlingwins" "promotionrank" "doublesteprank" "doublesteprankmin"
    "dropontop" "piecevaluemg" "piecevalueeg" "promotionlimit" "promotedpiecetype" "fersalfil"
    "shogipawn" "shogiknight" "dragonhorse" "janggicannon" "janggielephant"
    "mobilityregionwhitepawn" "mobilityregionblackpawn" "mobilityregionwhiteknight"
    "mobilityregionblackknight" "mobilityregionwhitebishop" "mobilityregionblackbishop"
    "mobilityregionwhiterook" "mobilityregionblackrook" "mobilityregionwhitequeen"
    "mobilityregionblackqueen" "mobilityregionwhitefers" "mobilityregionblackfers"
    "mobilityregionwhitealfil" "mobilityregionblackalfil" "mobilityregionwhitefersalfil"
    "mobilityregionblackfersalfil" "mobilityregionwhitesilver" "mobilityregionblacksilver"
    "mobilityregionwhiteaiwok" "mobilityregionblackaiwok" "mobilityregionwhitebers"
    "mobilityregionblackbers" "mobilityregionwhitearchbishop" "mobilityregionblackarchbishop"
    "mobilityregionwhitechancellor" "mobilityregionblackchancellor" "mobilityregionwhiteamazon"
    "mobilityregionblackamazon" "mobilityregionwhiteknibis" "mobilityregionblackknibis"
    "mobilityregionwhitebiskni" "mobilityregionblackbiskni" "mobilityregionwhitekniroo"
    "mobilityregionblackkniroo" "mobilityregionwhiterookni" "mobilityregionblackrookni"
    "mobilityregionwhiteshogipawn" "mobilityregionblackshogipawn" "mobilityregionwhitelance"
    "mobilityregionblacklance" "mobilityregionwhiteshogiknight" "mobilityregionblackshogiknight"
    "mobilityregionwhitegold" "mobilityregionblackgold" "mobilityregionwhitedragonhorse"
    "mobilityregionblackdragonhorse" "mobilityregionwhiteclobber" "mobilityregionblackclobber"
    "mobilityregionwhitebreakthrough" "mobilityregionblackbreakthrough"
    "mobilityregionwhiteimmobile" "mobilityregionblackimmobile" "mobilityregionwhitecannon"
    "mobilityregionblackcannon" "mobilityregionwhitejanggicannon"
    "mobilityregionblackjanggicannon" "mobilityregionwhitesoldier" "mobilityregionblacksoldier"
    "mobilityregionwhitehorse" "mobilityregionblackhorse" "mobilityregionwhiteelephant"
    "mobilityregionblackelephant" "mobilityregionwhitejanggielephant"
    "mobilityregionblackjanggielephant" "mobilityregionwhitebanner" "mobilityregionblackbanner"
    "mobilityregionwhitewazir" "mobilityregionblackwazir" "mobilityregionwhitecommoner"
    "mobilityregionblackcommoner" "mobilityregionwhitecentaur" "mobilityregionblackcentaur"
    "mobilityregionwhiteking" "mobilityregionblackking" "mobilityregionwhitecustompiece1"
    "mobilityregionblackcustompiece1" "mobilityregionwhitecustompiece2"
    "mobilityregionblackcustompiece2" "mobilityregionwhitecustompiece3"
    "mobilityregionblackcustompiece3" "mobilityregionwhitecustompiece4"
    "mobilityregionblackcustompiece4" "mobilityregionwhitecustompiece5"
    "mobilityregionblackcustompiece5" "mobilityregionwhitecustompiece6"
    "mobilityregionblackcustompiece6" "mobilityregionwhitecustompiece7"
    "mobilityregionblackcustompiece7" "mobilityregionwhitecustompiece8"
    "mobilityregionblackcustompiece8" "mobilityregionwhitecustompiece9"
    "mobilityregionblackcustompiece9" "mobilityregionwhitecustompiece10"
    "mobilityregionblackcustompiece10" "mobilityregionwhitecustompiece11"
    "mobilityregionblackcustompiece11" "mobilityregionwhitecustompiece12"
    "mobilityregionblackcustompiece12" "mobilityregionwhitecustompiece13"
    "mobilityregionblackcustompiece13" "mobilityregionwhitecustompiece14"
    "mobilityregionblackcustompiece14" "mobilityregionwhitecustompiece15"
    "mobilityregionblackcustompiece15" "mobilityregionwhitecustompiece16"
    "mobilityregionblackcustompiece16" "mobilityregionwhitecustompiece17"
    "mobilityregionblackcustompiece17" "mobilityregionwhitecustompiece18"
    "mobilityregionblackcustompiece18" "mobilityregionwhitecustompiece19"
    "mobilityregionblackcustompiece19" "mobilityregionwhitecustompiece20"
    "mobilityregionblackcustompiece20" "mobilityregionwhitecustompiece21"
    "mobilityregionblackcustompiece21" "mobilityregionwhitecustompiece22"
    "mobilityregionblackcustompiece22" "mobilityregionwhitecustompiece23"
    "mobilityregionblackcustompiece23" "mobilityregionwhitecustompiece24"
    "mobilityregionblackcustompiece24" "mobilityregionwhitecustompiece25"
    "mobilityregionblackcustompiece25")
  "The keys of Fairy-Stockfish's options that only a variants file has, in lower case.")

(defconst betza--variants-piece-keys
  '("pawn" "knight" "bishop" "rook" "queen" "fers" "alfil" "silver" "aiwok" "bers" "archbishop"
    "chancellor" "amazon" "knibis" "biskni" "kniroo" "rookni" "lance" "gold" "clobber"
    "breakthrough" "immobile" "cannon" "soldier" "horse" "elephant" "banner" "wazir" "commoner"
    "centaur" "king")
  "Its pieces named by a plain word, which count with a letter as their value.")

(defconst betza--variants-switch-keys
  '("castling" "checking" "gating" "pass")
  "Its rules named by a plain word, which count with the value true or false.")

(defconst betza--variants-numbered-key-regexp
  "\\`\\(?:custompiece[0-9]*\\)\\'"
  "A key of a variants file that ends in a number, in lower case.")

(defconst betza--variants-file-regexp "\\.ini\\'"
  "The names of the files whose content may make them variants files
(matched in any case).")

(defconst betza--eglot-modes
  '((betza-variants-mode :language-id "fairy-variants")
    (betza-pgn-mode :language-id "pgn")
    (betza-diagram-mode :language-id "interactive-diagram")
    (betza-ccif-mode :language-id "ccif")
    (betza-mode :language-id "betza")
    (betza-mbn-mode :language-id "mbn"))
  "The modes of the `eglot-server-programs' entry for the betza server.")

;; A name in any case, as the server reads it (Emacs's own `.ini' entry matches `.INI' too).
;;;###autoload
(progn
  (add-to-list 'auto-mode-alist
               '("[vV][aA][rR][iI][aA][nN][tT][sS][^/]*\\.[iI][nN][iI]\\'" . betza-variants-mode))
  (add-to-list 'magic-mode-alist '(betza-variants-file-p . betza-variants-mode))
  (add-to-list 'auto-mode-alist '("\\.pgn\\'" . betza-pgn-mode))
  (add-to-list 'auto-mode-alist '("\\.diagram\\'" . betza-diagram-mode))
  (add-to-list 'auto-mode-alist '("\\.cif\\'" . betza-ccif-mode))
  (add-to-list 'auto-mode-alist '("\\.ccif\\'" . betza-ccif-mode))
  (add-to-list 'auto-mode-alist '("\\.betza\\'" . betza-mode))
  (add-to-list 'auto-mode-alist '("\\.mbn\\'" . betza-mbn-mode)))
;; End of the generated part.

(defun betza--variants-key-p ()
  "Whether the line at point is a `key = value' only a variants file has.
That is a key of Fairy-Stockfish's options, in any case, and for a key
that is a plain word a value the engine reads as it: a letter, alone
or before `:', for a piece, `true' or `false' for a rule."
  (when (looking-at "\\([^=\n]*\\)=\\(.*\\)$")
    ;; Both parts are taken before `string-trim', which changes the match data.
    (let* ((key (match-string-no-properties 1))
           (value (string-trim (match-string-no-properties 2)))
           (key (downcase (string-trim key)))
           (case-fold-search nil))
      (cond
       ((member key betza--variants-keys) t)
       ((string-match-p betza--variants-numbered-key-regexp key) t)
       ((member key betza--variants-piece-keys)
        (and (string-match-p "\\`[A-Za-z]\\(?::\\|\\'\\)" value) t))
       ((member key betza--variants-switch-keys)
        (and (member (downcase value) '("true" "false")) t))))))

(defun betza--holds-variants-p ()
  "Whether the buffer holds a Fairy-Stockfish variants file, as the server decides.
That is a key of Fairy-Stockfish's options (`betza--variants-key-p'),
or a section inheriting from a built-in variant or from a section above
it, in any case (syntax/src/host/ini/recognition.rs,
`is_variants_file').  A parent alone is not enough: tox.ini's
`[testenv:lint]' has one."
  (save-excursion
    (save-restriction
      (widen)
      (goto-char (point-min))
      (let ((case-fold-search t)
            (above nil)
            (found nil))
        (while (and (not found) (not (eobp)))
          (cond
           ((looking-at "\\[\\([^]\n]*\\)")
            (let* ((header (match-string-no-properties 1))
                   (colon (string-search ":" header))
                   (name (string-trim (substring header 0 colon))))
              (when colon
                (let ((parent (downcase (string-trim (substring header (1+ colon))))))
                  (setq found (or (member parent betza--built-in-variants)
                                  (member parent above)))))
              (push (downcase name) above)))
           ((betza--variants-key-p)
            (setq found t)))
          (forward-line 1))
        (and found t)))))

;;;###autoload
(defun betza-variants-file-p ()
  "Whether the buffer visits an `.ini' whose content is a variants file.
In `magic-mode-alist', which `set-auto-mode' reads before the file
names of `auto-mode-alist': only an `.ini' is read further."
  (and buffer-file-name
       (let ((case-fold-search t))
         (string-match-p betza--variants-file-regexp buffer-file-name))
       (betza--holds-variants-p)))

(defun betza--server-command (&rest _)
  "The command Eglot runs: `betza-server-command' as it is when the server starts.
Eglot passes one argument or two, depending on its version."
  betza-server-command)

;; One server for every Betza mode of a project (`betza--eglot-modes'); the language ids are the
;; ones the server knows for a file whose name says nothing (it reads the format from the name
;; first).
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               (cons betza--eglot-modes #'betza--server-command)))

;;; Explain this piece

(declare-function eglot--current-server-or-lose "eglot" ())
(declare-function eglot-code-actions "eglot" (beg &optional end action-kind interactive))
(declare-function eglot-client-capabilities "eglot" (server))
(declare-function eglot-execute-command "eglot" (server command arguments))
(declare-function jsonrpc-request "jsonrpc" (connection method params &rest args))
(declare-function gfm-view-mode "markdown-mode" ())

(defun betza--shows-documents-p (server)
  "Whether Eglot tells SERVER that it shows the documents it is asked to.
Eglot 1.9 does not: the server then only returns the explanation's
file, and `betza--show-explanation' shows it."
  (let ((window (plist-get (eglot-client-capabilities server) :window)))
    (eq (plist-get (plist-get window :showDocument) :support) t)))

(defun betza--show-explanation (file)
  "Show the explanation the server wrote to FILE in a new buffer, rendered.
The buffer holds a copy: the server removes its files when it stops."
  (let ((buffer (generate-new-buffer "*betza explanation*")))
    (with-current-buffer buffer
      (insert-file-contents file)
      (if (progn (require 'markdown-mode nil t) (fboundp 'gfm-view-mode))
          (progn (setq-local markdown-fontify-code-blocks-natively t)
                 (gfm-view-mode)
                 ;; Hidden markup is font-lock's work: done now, in batch mode too.
                 (font-lock-ensure))
        (special-mode))
      ;; Long lines wrap on words in a window of any width.
      (visual-line-mode 1)
      (goto-char (point-min)))
    ;; The explanation holds all the hover does: the hover's window gives it its room.
    (let ((hover (betza--doc-window)))
      (when (and hover (window-parameter hover 'window-side))
        (delete-window hover)))
    (pop-to-buffer buffer)))

(defun betza--explained (server file)
  "Show FILE, which SERVER's Explain command returned.
Unless SERVER shows it itself, asked to by `window/showDocument'."
  (cond ((not (stringp file)) (message "betza: no piece to explain here"))
        ((not (betza--shows-documents-p server)) (betza--show-explanation file))))

(defun betza-explain ()
  "Explain the piece at point in a buffer of its own.
Its string leg by leg, its move diagram and its letters, as the hover
shows them, to read beside the file."
  (interactive)
  (let* ((server (eglot--current-server-or-lose))
         (explain (cl-loop for action in (append (eglot-code-actions (point)) nil)
                           for command = (plist-get action :command)
                           when (equal (plist-get command :command) "betza.explain")
                           return command)))
    (unless explain
      (user-error "No piece to explain here"))
    (betza--explained server
                      (jsonrpc-request server :workspace/executeCommand
                                       (list :command "betza.explain"
                                             :arguments (plist-get explain :arguments))))))

(dolist (map (list betza-variants-mode-map betza-mode-map betza-mbn-mode-map betza-pgn-mode-map
                   betza-diagram-mode-map betza-ccif-mode-map))
  (define-key map (kbd "C-c C-e") #'betza-explain))

;; The action of M-x eglot-code-actions: Eglot 1.9 runs the command and drops its result, the
;; file.  Newer Eglot shows the file when the server asks (`window/showDocument') and runs
;; commands through `eglot-execute'.
(with-eval-after-load 'eglot
  (cl-defmethod eglot-execute-command :around (server (_command (eql 'betza.explain)) _arguments)
    "Show the explanation the Explain command returns, when Eglot does not."
    (let ((file (cl-call-next-method)))
      (betza--explained server file)
      file)))

(provide 'betza)

;;; betza.el ends here
