;;; session.el --- betza's language server in a real Emacs, in batch mode  -*- lexical-binding: t; -*-

;; Run by tests/emacs/main.rs after the user's init file (editors/emacs/betza.el on the load
;; path and `(require 'betza)', as docs/emacs.md installs it).  Opens a variants.ini the way
;; `find-file' does, reads the server's diagnostics from Flymake, asks for the hover as `M-x
;; eldoc' does and reads the *eldoc* buffer, completes an option key with `completion-at-point'
;; and reads the items Eglot's completion table offers for a key and inside a Betza string,
;; applies the quick fix of the broken string with `M-x eglot-code-actions RET', takes the
;; action that explains a piece and reads the buffer it shows, checks that a
;; plain .ini is left alone and that variants files of other names are not (rules.ini and the
;; samples in $BETZA_SAMPLES), and opens an Interactive Diagram and a C/CIF file.
;; Writes what it saw as JSON to $BETZA_OUT.  Every wait polls for its condition, 15 s at most.

;;; Code:

(require 'cl-lib)
(require 'json)
(require 'subr-x)

(defvar betza-session--results nil "What the session saw, an alist written out as JSON.")
(defvar betza-session--errors nil "What went wrong, in order.")

(defun betza-session--put (key value)
  "Record VALUE under KEY."
  (setf (alist-get key betza-session--results) value))

(defun betza-session--wait (what predicate)
  "Wait until PREDICATE returns non-nil and return that.
After 15 s, signal an error naming WHAT."
  (let ((deadline (+ (float-time) 15))
        value)
    (while (and (not (setq value (funcall predicate))) (< (float-time) deadline))
      (accept-process-output nil 0.02))
    (or value (error "Timed out waiting for %s" what))))

(defun betza-session--after-command ()
  "What the command loop does once a command is over: run `post-command-hook'.
`eglot-ensure' connects from there, and batch mode has no command loop."
  (run-hooks 'post-command-hook))

(defun betza-session--visit (file)
  "Visit FILE as \\[find-file] does, in the selected window, and return its buffer."
  (find-file file)
  (betza-session--after-command)
  (current-buffer))

(defun betza-session--goto (line column)
  "Move to 1-based LINE and 0-based COLUMN."
  (goto-char (point-min))
  (forward-line (1- line))
  (move-to-column column))

(defun betza-session--diagnostics ()
  "Flymake's diagnostics of the current buffer, in buffer order."
  (mapcar
   (lambda (d)
     (let ((beg (flymake-diagnostic-beg d))
           (lsp (alist-get 'eglot-lsp-diag (flymake-diagnostic-data d))))
       `((line . ,(line-number-at-pos beg))
         (column . ,(save-excursion (goto-char beg) (current-column)))
         (code . ,(plist-get lsp :code))
         (type . ,(symbol-name (flymake-diagnostic-type d)))
         (text . ,(flymake-diagnostic-text d)))))
   (sort (flymake-diagnostics) (lambda (a b) (< (flymake-diagnostic-beg a)
                                                (flymake-diagnostic-beg b))))))

(defun betza-session--has (code)
  "Whether Flymake shows a diagnostic with CODE in the current buffer."
  (cl-some (lambda (d) (equal (alist-get 'code d) code)) (betza-session--diagnostics)))

(defun betza-session--hover ()
  "The hover at point as \\[eldoc] shows it: the text of the *eldoc* buffer."
  (when (buffer-live-p eldoc--doc-buffer)
    (with-current-buffer eldoc--doc-buffer
      (let ((inhibit-read-only t)) (erase-buffer))))
  (call-interactively #'eldoc)
  (betza-session--wait
   "the hover in the *eldoc* buffer"
   (lambda ()
     (and (buffer-live-p eldoc--doc-buffer)
          (let ((text (with-current-buffer eldoc--doc-buffer
                        (buffer-substring-no-properties (point-min) (point-max)))))
            (and (not (string-empty-p text)) text))))))

(defun betza-session--shown (buffer)
  "The text of BUFFER as it shows: without what is invisible."
  (with-current-buffer buffer
    (let ((position (point-min))
          (parts nil))
      (while (< position (point-max))
        (let ((next (next-single-char-property-change position 'invisible nil (point-max))))
          (unless (invisible-p position)
            (push (buffer-substring-no-properties position next) parts))
          (setq position next)))
      (apply #'concat (nreverse parts)))))

(defun betza-session--completions ()
  "The candidates of Eglot's completion table at point, for the text before it."
  (let ((capf (eglot-completion-at-point)))
    (when capf
      (let ((beg (nth 0 capf))
            (table (nth 2 capf)))
        (mapcar #'substring-no-properties
                (all-completions (buffer-substring-no-properties beg (point)) table))))))

(defun betza-session--choose (candidate)
  "Choose CANDIDATE of Eglot's table at point, as `completion-at-point' does
once one candidate is left."
  (let* ((capf (eglot-completion-at-point))
         (completion-extra-properties (nthcdr 3 capf)))
    (completion-in-region (nth 0 capf) (nth 1 capf) (nth 2 capf)
                          (lambda (c) (equal c candidate)))))

(defun betza-session--line ()
  "The text of the current line."
  (buffer-substring-no-properties (line-beginning-position) (line-end-position)))

(defun betza-session--run (file plain)
  "The session on FILE, a variants.ini, and PLAIN, an ordinary .ini beside it."
  (let ((buffer (betza-session--visit file)))
    (betza-session--put 'mode (symbol-name major-mode))
    (let ((server (betza-session--wait "Eglot to manage the buffer"
                                       (lambda () (and eglot--managed-mode
                                                       (betza-session--server))))))
      (betza-session--put 'server (plist-get (eglot--server-info server) :name))
      (betza-session--put 'command (process-command (jsonrpc--process server))))

    ;; The broken string of customPiece2 and XBoard's warning on `NN'. The settings that ask
    ;; for XBoard's findings may reach the server after its first diagnostics: both are waited
    ;; for, or a loaded machine reads the first list alone.
    (betza-session--wait "Flymake to show the server's two diagnostics"
                         (lambda () (>= (length (flymake-diagnostics)) 2)))
    (betza-session--put 'diagnostics (vconcat (betza-session--diagnostics)))

    ;; M-x eldoc on `fmWfcF' of customPiece1, then on the key `castling'.
    (betza-session--goto 2 19)
    (betza-session--put 'hover (betza-session--hover))
    (betza-session--put 'hover_shown (betza-session--shown eldoc--doc-buffer))
    (betza-session--goto 4 2)
    (betza-session--put 'key_hover (betza-session--hover))

    ;; Completion of option keys: the table's items after `promo', then C-M-i after `pieceDr',
    ;; which has one candidate and so completes in place.
    (goto-char (point-max))
    (insert "promo")
    (betza-session--put 'key_items (vconcat (betza-session--completions)))
    (delete-region (line-beginning-position) (point))
    (insert "pieceDr")
    (call-interactively #'completion-at-point)
    (betza-session--put 'key_completed (betza-session--line))
    (delete-region (line-beginning-position) (line-end-position))

;; Completion inside a Betza string: at its start, after `z:' of a piece being written,
    ;; and after `fmW' of customPiece1, where Eglot filters the letters by the word before the
    ;; point (Eglot 1.9 asks for items that start with `fmW').
    (insert "customPiece3 = z:W")
    (backward-char)
    (betza-session--put 'letter_items (vconcat (betza-session--completions)))
    (delete-region (line-beginning-position) (line-end-position))
    (betza-session--goto 2 20)
    (betza-session--put 'letter_items_after_word (vconcat (betza-session--completions)))
    ;; Choosing `F' (the candidate `fmWF') after `fmW' at the end of a string being typed, as
    ;; completion-at-point does once one candidate is left.
    (goto-char (point-max))
    (insert "customPiece3 = z:fmW")
    (betza-session--choose "fmWF")
    (betza-session--put 'letter_completed (betza-session--line))
    (delete-region (line-beginning-position) (line-end-position))
    ;; Issue 55: C-M-i between `R' and `N' of `e:RN' leaves the string as it was (Eglot's
    ;; bounds are the whole word, and the one candidate matching both halves was inserted
    ;; unasked); the candidates are the whole word with a letter at the point, and choosing
    ;; `RAN' writes exactly that.
    (insert "customPiece4 = e:RN")
    (backward-char)
    (let ((completion-auto-help nil))
      (call-interactively #'completion-at-point))
    (betza-session--put 'middle_line (betza-session--line))
    (betza-session--put 'middle_point (- (point) (line-beginning-position)))
    (betza-session--put 'middle_items (vconcat (betza-session--completions)))
    (betza-session--choose "RAN")
    (betza-session--put 'middle_completed (betza-session--line))
    (delete-region (line-beginning-position) (line-end-position))

    ;; The quick fix on the broken string (`Nm' becomes `N'): the actions Eglot lists there,
    ;; then M-x eglot-code-actions, whose prompt the test answers with RET on standard input
    ;; (batch mode reads the minibuffer from there): the preferred action, the fix.  Eglot
    ;; 1.9's `eglot-code-action-quickfix' only lists the actions; it applies none.
    (betza-session--goto 3 18)
    (betza-session--put 'actions (vconcat (mapcar (lambda (a) (plist-get a :title))
                                                  (eglot-code-actions (point)))))
    (let ((last-nonmenu-event ?\r))
      (call-interactively #'eglot-code-actions))
    (betza-session--put 'fixed_line (progn (betza-session--goto 3 0) (betza-session--line)))
    (betza-session--put
     'fixed (betza-session--wait "the diagnostics of the fixed file"
                                 (lambda () (if (betza-session--has "missing-atom") nil t))))
    (betza-session--put 'diagnostics_after_fix (vconcat (betza-session--diagnostics)))

    ;; Issue 55: on `fmWfcF', M-x eglot-code-actions and the action "Explain this piece in a
    ;; new document" (the test's second line of standard input): the explanation shows in a
    ;; window, rendered.  Eglot 1.9 dropped the command's result, so nothing showed.
    (betza-session--goto 2 19)
    (let ((last-nonmenu-event ?\r))
      (call-interactively #'eglot-code-actions))
    (let ((shown (betza-session--wait
                  "the explanation in a window"
                  (lambda () (cl-find-if (lambda (w) (string-prefix-p "*betza explanation*"
                                                                      (buffer-name (window-buffer w))))
                                         (window-list))))))
      (betza-session--put 'explanation (betza-session--shown (window-buffer shown)))
      (quit-window t shown))
    (switch-to-buffer buffer)

    ;; An ordinary .ini beside it: its own mode, no server.
    (with-current-buffer (betza-session--visit plain)
      (betza-session--put 'plain_mode (symbol-name major-mode))
      (betza-session--put 'plain_managed (if eglot--managed-mode t :json-false)))
    ;; A variants file by its content alone: its mode, and the server's finding on `Nm'.
    (with-current-buffer (betza-session--visit
                          (expand-file-name "rules.ini" (file-name-directory file)))
      (betza-session--put 'rules_mode (symbol-name major-mode))
      (betza-session--wait "the diagnostics of rules.ini" (lambda () (flymake-diagnostics)))
      (betza-session--put 'rules_diagnostics (vconcat (betza-session--diagnostics))))
    ;; An Interactive Diagram and a C/CIF file (issue 52): each one's mode and the server's
    ;; findings, and in the diagram the hover on line 3's piece.
    (dolist (name '("pieces.diagram" "pieces.cif"))
      (with-current-buffer (betza-session--visit
                            (expand-file-name name (file-name-directory file)))
        (let ((key (intern (replace-regexp-in-string "[.]" "_" name))))
          (betza-session--wait (format "the diagnostics of %s" name)
                               (lambda () (flymake-diagnostics)))
          (betza-session--put key `((mode . ,(symbol-name major-mode))
                                    (diagnostics . ,(vconcat (betza-session--diagnostics)))
                                    (hover . ,(when (string-suffix-p ".diagram" name)
                                                (betza-session--goto 3 9)
                                                (betza-session--hover)
                                                (betza-session--shown eldoc--doc-buffer))))))))
    ;; The mode of each of tests/common/ini_samples.rs's files, without starting the server.
    (let ((samples (getenv "BETZA_SAMPLES"))
          (betza-eglot-ensure nil))
      (betza-session--put
       'samples
       (mapcar (lambda (path)
                 (cons (file-relative-name path samples)
                       (with-current-buffer (find-file-noselect path)
                         (symbol-name major-mode))))
               (directory-files-recursively samples ""))))
    ;; The modes other names get (new files, not visited further).
    (betza-session--put
     'modes_by_name
     (mapcar (lambda (name)
               (cons name (with-current-buffer
                              (find-file-noselect (expand-file-name name (file-name-directory file)))
                            (symbol-name major-mode))))
             '("shogi.variants.ini" "myvariants.ini" "VARIANTS.INI" "pieces.betza" "pieces.mbn"
               "game.pgn" "game.ccif" "game.cif" "griffons.diagram")))
    (with-current-buffer buffer
      (eglot-shutdown (eglot--current-server-or-lose)))))

(defun betza-session--write (out)
  "Write the results and errors to OUT as JSON."
  (betza-session--put 'errors (vconcat (reverse betza-session--errors)))
  (betza-session--put 'emacs emacs-version)
  (betza-session--put 'eglot (file-name-directory (or (locate-library "eglot") "")))
  (with-temp-file out
    (insert (json-encode betza-session--results))))

;; Eglot 1.9 (Debian's elpa-eglot for Emacs 28) has no `eglot-current-server'.
(defun betza-session--server ()
  "The current buffer's Eglot server, or nil."
  (if (fboundp 'eglot-current-server)
      (eglot-current-server)
    (ignore-errors (eglot--current-server-or-lose))))

(let ((out (getenv "BETZA_OUT")))
  (condition-case err
      (betza-session--run (getenv "BETZA_FILE") (getenv "BETZA_PLAIN"))
    (error (push (error-message-string err) betza-session--errors)))
  (betza-session--write out)
  (kill-emacs 0))

;;; session.el ends here
