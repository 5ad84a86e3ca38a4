//! The protocol side: capabilities, document events and requests, each delegated to a handler,
//! behind a panic guard that turns a panic into an error response and a log line.
//!
//! The protocol library takes up to [`super::MESSAGES_AT_ONCE`] messages at a time, in the
//! order they came; a `$/cancelRequest` acts when it is taken. A request about a document runs
//! on the blocking pool with a handle to the document, so the messages after it are taken
//! meanwhile: its cancellation (or an edit of its document, see `in_flight`) stops its work at
//! the next checkpoint, and it is answered as cancelled. Changes of the documents and settings
//! take a fair lock for writing, requests for reading, each as it is taken: so edits apply in
//! order, a request sees every change taken before it, and a change waits until no request
//! reads the documents, then makes it in place.

mod explain;
mod runners;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

use super::answers::WrittenAnswers;
use super::handlers::{
    code_actions, completion, diagnostics, hover, macros, recognition, semantic_tokens, symbols,
};
use super::outbox::Outbox;
use super::position::Encoding;
use super::publishing::Publishing;
use super::state::{Open, Settings, State};
use super::texts::TakenTexts;
use super::{client_traits, explanation_file};

pub struct Backend {
    client: Client,
    state: Arc<Mutex<State>>,
    shut_down: Arc<AtomicBool>,
    /// Held for reading by each request's work while it runs, for writing by each change of
    /// the documents or settings: a change waits for work still reading (work a cancel has
    /// stopped ends at its next checkpoint), so it changes the documents in place.
    readers: Arc<tokio::sync::RwLock<()>>,
    /// The files the Explain command wrote, removed at shutdown.
    explanations: explanation_file::ExplanationFiles,
    /// How many configuration changes have arrived: one that a newer change follows before it
    /// is applied applies nothing, since the newer one analyses with the settings then in
    /// force (twenty changes in a row cost one analysis of each document, not twenty).
    configurations: AtomicU64,
    /// Diagnostics sent apart from the edits.
    publishing: Arc<Publishing>,
    /// The client's output, for what is written around the protocol library.
    outbox: Outbox,
    /// Documents' texts the framing layer took out of their messages.
    texts: TakenTexts,
    /// Long answers the framing layer sends in place of the library's.
    answers: WrittenAnswers,
}

impl Backend {
    pub fn new(
        client: Client,
        shut_down: Arc<AtomicBool>,
        outbox: Outbox,
        (texts, answers): (TakenTexts, WrittenAnswers),
    ) -> Self {
        Backend {
            client,
            state: Arc::default(),
            shut_down,
            readers: Arc::default(),
            explanations: explanation_file::ExplanationFiles::default(),
            configurations: AtomicU64::new(0),
            publishing: Arc::default(),
            outbox,
            texts,
            answers,
        }
    }

    /// Tells the user which settings were not taken, and why; the rest are in force.
    async fn say_settings_problems(&self, problems: Vec<String>) {
        if problems.is_empty() {
            return;
        }
        let message = format!(
            "betza: some settings were not taken (the others are): {}",
            problems.join("; ")
        );
        self.client
            .show_message(MessageType::WARNING, message)
            .await;
    }

    /// Has the document's diagnostics sent, for a client that waits for them.
    fn publish(&self, uri: &Uri) {
        self.publishing.publish(&self.outbox, &self.state, uri);
    }

    /// The diagnostics of `uris` changed with the settings: sent again, or, for a client that
    /// asks for them, the client told to ask again.
    fn publish_all(&self, uris: &[Uri]) {
        let refresh = self
            .with_state("diagnostics", |state| {
                Ok(state
                    .pulls_diagnostics
                    .then_some(state.refreshes_diagnostics))
            })
            .unwrap_or_default();
        match refresh {
            None => uris.iter().for_each(|uri| self.publish(uri)),
            Some(true) if !uris.is_empty() => {
                let client = self.client.clone();
                tokio::spawn(async move { client.workspace_diagnostic_refresh().await });
            }
            // A client that cannot be told asks again at its next edit.
            Some(_) => {}
        }
    }
}

/// `text` from the client as an error message quotes it: shortened however long it is (a URI
/// or a command name of a megabyte is quoted by its ends), then its length when cut.
fn quoted(text: &str) -> (std::borrow::Cow<'_, str>, String) {
    (
        betza_syntax::quote::shortened(text),
        betza_syntax::quote::length_if_cut(text),
    )
}

impl LanguageServer for Backend {
    async fn initialize(&self, params: InitializeParams) -> Result<InitializeResult> {
        let offers_utf8 = params
            .capabilities
            .general
            .as_ref()
            .and_then(|g| g.position_encodings.as_ref())
            .is_some_and(|e| e.contains(&PositionEncodingKind::UTF8));
        let encoding = if offers_utf8 {
            Encoding::Utf8
        } else {
            Encoding::Utf16
        };
        let shows_documents = client_traits::shows_documents(&params);
        let described_labels = client_traits::describes_labels(&params);
        let (pulls_diagnostics, refreshes_diagnostics) = client_traits::pulls_diagnostics(&params);
        let (settings, problems) =
            Settings::read(&params.initialization_options.unwrap_or_default());
        self.texts.accept(true);
        self.with_state("initialize", |state| {
            state.encoding = Some(encoding);
            state.shows_documents = shows_documents;
            state.described_labels = described_labels;
            state.pulls_diagnostics = pulls_diagnostics;
            state.refreshes_diagnostics = refreshes_diagnostics;
            state.settings = settings;
            state.settings_problems = problems;
            Ok(())
        })?;
        Ok(InitializeResult {
            offset_encoding: None,
            server_info: Some(ServerInfo {
                name: "betza".into(),
                version: Some(env!("CARGO_PKG_VERSION").into()),
            }),
            capabilities: ServerCapabilities {
                position_encoding: Some(match encoding {
                    Encoding::Utf8 => PositionEncodingKind::UTF8,
                    Encoding::Utf16 => PositionEncodingKind::UTF16,
                }),
                text_document_sync: Some(TextDocumentSyncCapability::Kind(
                    TextDocumentSyncKind::INCREMENTAL,
                )),
                hover_provider: Some(HoverProviderCapability::Simple(true)),
                completion_provider: Some(CompletionOptions::default()),
                document_symbol_provider: Some(OneOf::Left(true)),
                definition_provider: Some(OneOf::Left(true)),
                references_provider: Some(OneOf::Left(true)),
                document_highlight_provider: Some(OneOf::Left(true)),
                rename_provider: Some(OneOf::Right(RenameOptions {
                    prepare_provider: Some(true),
                    work_done_progress_options: WorkDoneProgressOptions::default(),
                })),
                code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
                execute_command_provider: Some(ExecuteCommandOptions {
                    commands: vec![
                        code_actions::EXPLAIN.into(),
                        recognition::IS_VARIANTS_FILE.into(),
                    ],
                    ..ExecuteCommandOptions::default()
                }),
                semantic_tokens_provider: Some(
                    SemanticTokensServerCapabilities::SemanticTokensOptions(
                        SemanticTokensOptions {
                            legend: semantic_tokens::legend(),
                            full: Some(SemanticTokensFullOptions::Bool(true)),
                            range: Some(true),
                            ..SemanticTokensOptions::default()
                        },
                    ),
                ),
                // Offered only to a client that asks for diagnostics: one that also took them
                // when sent would show each finding twice.
                diagnostic_provider: pulls_diagnostics.then(|| {
                    DiagnosticServerCapabilities::Options(DiagnosticOptions {
                        identifier: Some("betza".into()),
                        inter_file_dependencies: false,
                        workspace_diagnostics: false,
                        work_done_progress_options: WorkDoneProgressOptions::default(),
                    })
                }),
                ..ServerCapabilities::default()
            },
        })
    }

    async fn initialized(&self, _: InitializedParams) {
        let problems = self
            .with_state("initialized", |state| {
                Ok(std::mem::take(&mut state.settings_problems))
            })
            .unwrap_or_default();
        self.say_settings_problems(problems).await;
    }

    async fn shutdown(&self) -> Result<()> {
        self.shut_down.store(true, Ordering::SeqCst);
        self.texts.accept(false);
        self.explanations.remove_all();
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let uri = params.text_document.uri.clone();
        let TextDocumentItem {
            uri: opened,
            language_id,
            version,
            text,
        } = params.text_document;
        let text = self.texts.handed_in(text);
        let _ = self
            .change("didOpen", |state| {
                let open = Open::new(&opened, text, version, &language_id, &state.settings);
                state.documents.insert(opened, open);
                Ok(())
            })
            .await;
        self.publish(&uri);
    }

    async fn did_change(&self, mut params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri.clone();
        let changes: Vec<TextDocumentContentChangeEvent> =
            std::mem::take(&mut params.content_changes)
                .into_iter()
                .map(|change| TextDocumentContentChangeEvent {
                    text: self.texts.handed_in(change.text),
                    ..change
                })
                .collect();
        let _ = self
            .change("didChange", |state| {
                let encoding = state.encoding.unwrap_or(Encoding::Utf16);
                let settings = state.settings.clone();
                if let Some(open) = state.documents.get_mut(&params.text_document.uri) {
                    open.apply(changes, params.text_document.version, encoding, &settings);
                }
                Ok(())
            })
            .await;
        self.publish(&uri);
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let _ = self
            .change("didClose", |state| {
                state.documents.remove(&params.text_document.uri);
                Ok(())
            })
            .await;
        self.publish(&params.text_document.uri);
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        let settings = params
            .settings
            .get("betza")
            .cloned()
            .unwrap_or(params.settings);
        let (settings, problems) = Settings::read(&settings);
        let this_change = self.configurations.fetch_add(1, Ordering::SeqCst) + 1;
        self.say_settings_problems(problems).await;
        let uris = self
            .change("didChangeConfiguration", |state| {
                if self.configurations.load(Ordering::SeqCst) != this_change {
                    return Ok(Vec::new());
                }
                let options = settings.options();
                let same_analysis = state.settings.options() == options;
                state.settings = settings.clone();
                // Settings that change no finding (a hover's picture) analyse nothing again.
                if same_analysis {
                    return Ok(Vec::new());
                }
                let uris: Vec<Uri> = state.documents.keys().cloned().collect();
                for open in state.documents.values_mut() {
                    open.reanalyse(&options);
                }
                Ok(uris)
            })
            .await
            .unwrap_or_default();
        self.publish_all(&uris);
    }

    async fn diagnostic(
        &self,
        params: DocumentDiagnosticParams,
    ) -> Result<DocumentDiagnosticReportResult> {
        let previous = params.previous_result_id;
        let report = self
            .on_document_if_open("diagnostic", &params.text_document.uri, move |open| {
                let previous = previous.as_deref();
                Ok(diagnostics::report(
                    &open.document,
                    open.analysis,
                    previous,
                    open.encoding,
                ))
            })
            .await?;
        // As in `on_document_written`.
        match report {
            Some(diagnostics::Report::Written(written)) => Err(self.answers.instead(written)),
            Some(diagnostics::Report::Unchanged(unchanged)) => Ok(unchanged),
            None => Ok(diagnostics::nothing_known()),
        }
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let at = params.text_document_position_params;
        self.on_document("hover", &at.text_document.uri, move |open| {
            let offset = open.offset(at.position)?;
            let options = open.settings.hover();
            Ok(hover::hover(&open.document, offset, open.encoding, options))
        })
        .await
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let at = params.text_document_position;
        self.on_document("completion", &at.text_document.uri, move |open| {
            // A position past its line's end means the line's end: edits go where the cursor is.
            let offset = open.offset(at.position)?;
            let items = completion::completion(
                &open.document,
                offset,
                open.encoding,
                open.described_labels,
            );
            Ok((!items.is_empty()).then_some(CompletionResponse::Array(items)))
        })
        .await
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        self.on_document_written("semanticTokens", &params.text_document.uri, |open| {
            semantic_tokens::tokens(&open.document, open.encoding, 0, usize::MAX)
        })
        .await
    }

    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        let range = params.range;
        self.on_document_written(
            "semanticTokensRange",
            &params.text_document.uri,
            move |open| {
                let (start, end) = open.offsets(range)?;
                semantic_tokens::tokens(&open.document, open.encoding, start, end)
            },
        )
        .await
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let at = params.text_document_position_params;
        let uri = at.text_document.uri.clone();
        self.on_document("definition", &at.text_document.uri, move |open| {
            let offset = open.offset(at.position)?;
            let found =
                macros::locations(&open.document, &uri, offset, open.encoding, (true, false));
            Ok((!found.is_empty()).then_some(GotoDefinitionResponse::Array(found)))
        })
        .await
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let at = params.text_document_position;
        let uri = at.text_document.uri.clone();
        let wanted = (params.context.include_declaration, true);
        self.on_document("references", &at.text_document.uri, move |open| {
            let offset = open.offset(at.position)?;
            let found = macros::locations(&open.document, &uri, offset, open.encoding, wanted);
            Ok((!found.is_empty()).then_some(found))
        })
        .await
    }

    async fn document_highlight(
        &self,
        params: DocumentHighlightParams,
    ) -> Result<Option<Vec<DocumentHighlight>>> {
        let at = params.text_document_position_params;
        self.on_document("documentHighlight", &at.text_document.uri, move |open| {
            let offset = open.offset(at.position)?;
            let found = macros::highlights(&open.document, offset, open.encoding);
            Ok((!found.is_empty()).then_some(found))
        })
        .await
    }

    async fn prepare_rename(
        &self,
        params: TextDocumentPositionParams,
    ) -> Result<Option<PrepareRenameResponse>> {
        let position = params.position;
        self.on_document("prepareRename", &params.text_document.uri, move |open| {
            let offset = open.offset(position)?;
            macros::prepare_rename(&open.document, offset, open.encoding)
        })
        .await
    }

    async fn rename(&self, params: RenameParams) -> Result<Option<WorkspaceEdit>> {
        let at = params.text_document_position;
        let uri = at.text_document.uri.clone();
        let new_name = params.new_name;
        self.on_document("rename", &at.text_document.uri, move |open| {
            let offset = open.offset(at.position)?;
            macros::rename(&open.document, &uri, offset, &new_name, open.encoding).map(Some)
        })
        .await
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        self.on_document_written("documentSymbol", &params.text_document.uri, |open| {
            symbols::written(&open.document, open.encoding)
        })
        .await
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        let uri = params.text_document.uri.clone();
        let range = params.range;
        self.on_document("codeAction", &params.text_document.uri, move |open| {
            let (start, end) = open.offsets(range)?;
            let actions = code_actions::actions(&open.document, &uri, start, end, open.encoding);
            Ok(Some(actions))
        })
        .await
    }

    async fn execute_command(&self, params: ExecuteCommandParams) -> Result<Option<LSPAny>> {
        match params.command.as_str() {
            code_actions::EXPLAIN => self.explain(params).await,
            recognition::IS_VARIANTS_FILE => recognition::is_variants_file(&params.arguments)
                .map(Some)
                .map_err(Error::invalid_params),
            command => {
                let (command, length) = quoted(command);
                Err(Error::invalid_params(format!(
                    "unknown command `{command}`{length}"
                )))
            }
        }
    }
}
