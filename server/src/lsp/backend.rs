//! The protocol side: capabilities, document events and requests, each delegated to a handler.
//! Handlers run one at a time (the server's concurrency is 1), so edits apply in order; every
//! handler runs behind a panic guard that turns a panic into an error response and a log line.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use tower_lsp_server::jsonrpc::{Error, Result};
use tower_lsp_server::ls_types::*;
use tower_lsp_server::{Client, LanguageServer};

use betza_syntax::ide::{self, Document};

use super::handlers::{
    code_actions, completion, diagnostics, hover, macros, semantic_tokens, symbols,
};
use super::position::{Encoding, to_offset};
use super::state::{Open, Settings};

#[derive(Debug, Default)]
struct State {
    documents: std::collections::HashMap<Uri, Open>,
    settings: Settings,
    encoding: Option<Encoding>,
    /// Whether the client shows a document it is asked to (`window/showDocument`); one that
    /// does not opens the explanation from the command's result itself.
    shows_documents: bool,
    /// What was wrong with the initialization options, said once the client is initialized.
    settings_problems: Vec<String>,
}

pub struct Backend {
    client: Client,
    state: Mutex<State>,
    shut_down: Arc<AtomicBool>,
}

impl Backend {
    pub fn new(client: Client, shut_down: Arc<AtomicBool>) -> Self {
        Backend {
            client,
            state: Mutex::new(State::default()),
            shut_down,
        }
    }

    /// Runs `work` on the state, turning a panic into an internal error.
    fn with_state<T>(&self, name: &str, work: impl FnOnce(&mut State) -> Result<T>) -> Result<T> {
        let mut state = match self.state.lock() {
            Ok(state) => state,
            Err(poisoned) => poisoned.into_inner(),
        };
        match catch_unwind(AssertUnwindSafe(|| work(&mut state))) {
            Ok(result) => result,
            Err(_) => {
                say!(
                    "betza lsp: {name} failed unexpectedly; the request is answered with an error"
                );
                Err(Error::internal_error())
            }
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

    /// Sends the document's diagnostics, or clears them once it is closed. Handlers run one at
    /// a time, so the lists go out in the order of the edits.
    async fn publish(&self, uri: &Uri) {
        let published = self.with_state("diagnostics", |state| {
            let encoding = state.encoding.unwrap_or(Encoding::Utf16);
            Ok(match state.documents.get(uri) {
                Some(open) => (
                    diagnostics::diagnostics(&open.document, encoding),
                    Some(open.version),
                ),
                None => (Vec::new(), None),
            })
        });
        if let Ok((list, version)) = published {
            self.client
                .publish_diagnostics(uri.clone(), list, version)
                .await;
        }
    }
}

/// The document and the byte offset of a position in it, or the protocol error for a request
/// about an unknown document or a line past its end.
fn locate<'a>(
    state: &'a State,
    uri: &Uri,
    position: Position,
) -> Result<(&'a Document, usize, Encoding)> {
    let encoding = state.encoding.unwrap_or(Encoding::Utf16);
    let document = open_document(state, uri)?;
    let offset = to_offset(document.text(), position, encoding)
        .ok_or_else(|| Error::invalid_params("the position is past the end of the document"))?;
    Ok((document, offset, encoding))
}

/// The open document `uri`, or the protocol error for an unknown one.
fn open_document<'a>(state: &'a State, uri: &Uri) -> Result<&'a Document> {
    state
        .documents
        .get(uri)
        .map(|open| &open.document)
        .ok_or_else(|| Error::invalid_params(format!("{} is not open", uri.as_str())))
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
        let shows_documents = params
            .capabilities
            .window
            .as_ref()
            .and_then(|w| w.show_document.as_ref())
            .is_some_and(|s| s.support);
        let (settings, problems) =
            Settings::read(&params.initialization_options.unwrap_or_default());
        self.with_state("initialize", |state| {
            state.encoding = Some(encoding);
            state.shows_documents = shows_documents;
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
                    commands: vec![code_actions::EXPLAIN.into()],
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
        Ok(())
    }

    async fn did_open(&self, params: DidOpenTextDocumentParams) {
        let uri = params.text_document.uri.clone();
        let _ = self.with_state("didOpen", |state| {
            let open = Open::new(
                &params.text_document.uri,
                &params.text_document.text,
                params.text_document.version,
                &params.text_document.language_id,
                &state.settings,
            );
            state.documents.insert(params.text_document.uri, open);
            Ok(())
        });
        self.publish(&uri).await;
    }

    async fn did_change(&self, params: DidChangeTextDocumentParams) {
        let uri = params.text_document.uri.clone();
        let _ = self.with_state("didChange", |state| {
            let encoding = state.encoding.unwrap_or(Encoding::Utf16);
            let settings = state.settings.clone();
            if let Some(open) = state.documents.get_mut(&params.text_document.uri) {
                open.apply(
                    params.content_changes,
                    params.text_document.version,
                    encoding,
                    &settings,
                );
            }
            Ok(())
        });
        self.publish(&uri).await;
    }

    async fn did_close(&self, params: DidCloseTextDocumentParams) {
        let _ = self.with_state("didClose", |state| {
            state.documents.remove(&params.text_document.uri);
            Ok(())
        });
        self.publish(&params.text_document.uri).await;
    }

    async fn did_change_configuration(&self, params: DidChangeConfigurationParams) {
        let settings = params
            .settings
            .get("betza")
            .cloned()
            .unwrap_or(params.settings);
        let (settings, problems) = Settings::read(&settings);
        self.say_settings_problems(problems).await;
        let uris = self
            .with_state("didChangeConfiguration", |state| {
                let options = settings.options();
                state.settings = settings.clone();
                let uris: Vec<Uri> = state.documents.keys().cloned().collect();
                for open in state.documents.values_mut() {
                    open.document.reanalyse(&options);
                }
                Ok(uris)
            })
            .unwrap_or_default();
        for uri in &uris {
            self.publish(uri).await;
        }
    }

    async fn hover(&self, params: HoverParams) -> Result<Option<Hover>> {
        let at = params.text_document_position_params;
        self.with_state("hover", |state| {
            let (document, offset, encoding) = locate(state, &at.text_document.uri, at.position)?;
            Ok(hover::hover(
                document,
                offset,
                encoding,
                state.settings.hover(),
            ))
        })
    }

    async fn completion(&self, params: CompletionParams) -> Result<Option<CompletionResponse>> {
        let at = params.text_document_position;
        self.with_state("completion", |state| {
            let (document, offset, encoding) = locate(state, &at.text_document.uri, at.position)?;
            // A position past its line's end means the line's end: edits go where the cursor is.
            let items = completion::completion(document, offset, encoding);
            Ok((!items.is_empty()).then_some(CompletionResponse::Array(items)))
        })
    }

    async fn semantic_tokens_full(
        &self,
        params: SemanticTokensParams,
    ) -> Result<Option<SemanticTokensResult>> {
        self.with_state("semanticTokens", |state| {
            let encoding = state.encoding.unwrap_or(Encoding::Utf16);
            let document = open_document(state, &params.text_document.uri)?;
            let data = semantic_tokens::tokens(document, encoding, 0, usize::MAX);
            Ok(Some(SemanticTokensResult::Tokens(SemanticTokens {
                result_id: None,
                data,
            })))
        })
    }

    async fn semantic_tokens_range(
        &self,
        params: SemanticTokensRangeParams,
    ) -> Result<Option<SemanticTokensRangeResult>> {
        self.with_state("semanticTokensRange", |state| {
            let (document, start, encoding) =
                locate(state, &params.text_document.uri, params.range.start)?;
            let end = to_offset(document.text(), params.range.end, encoding)
                .unwrap_or(document.text().len_bytes());
            let data = semantic_tokens::tokens(document, encoding, start, end);
            Ok(Some(SemanticTokensRangeResult::Tokens(SemanticTokens {
                result_id: None,
                data,
            })))
        })
    }

    async fn goto_definition(
        &self,
        params: GotoDefinitionParams,
    ) -> Result<Option<GotoDefinitionResponse>> {
        let at = params.text_document_position_params;
        self.with_state("definition", |state| {
            let uri = &at.text_document.uri;
            let (document, offset, encoding) = locate(state, uri, at.position)?;
            let found = macros::locations(document, uri, offset, encoding, (true, false));
            Ok((!found.is_empty()).then_some(GotoDefinitionResponse::Array(found)))
        })
    }

    async fn references(&self, params: ReferenceParams) -> Result<Option<Vec<Location>>> {
        let at = params.text_document_position;
        self.with_state("references", |state| {
            let uri = &at.text_document.uri;
            let (document, offset, encoding) = locate(state, uri, at.position)?;
            let wanted = (params.context.include_declaration, true);
            let found = macros::locations(document, uri, offset, encoding, wanted);
            Ok((!found.is_empty()).then_some(found))
        })
    }

    async fn document_highlight(
        &self,
        params: DocumentHighlightParams,
    ) -> Result<Option<Vec<DocumentHighlight>>> {
        let at = params.text_document_position_params;
        self.with_state("documentHighlight", |state| {
            let (document, offset, encoding) = locate(state, &at.text_document.uri, at.position)?;
            let found = macros::highlights(document, offset, encoding);
            Ok((!found.is_empty()).then_some(found))
        })
    }

    async fn prepare_rename(
        &self,
        params: TextDocumentPositionParams,
    ) -> Result<Option<PrepareRenameResponse>> {
        self.with_state("prepareRename", |state| {
            let (document, offset, encoding) =
                locate(state, &params.text_document.uri, params.position)?;
            macros::prepare_rename(document, offset, encoding)
        })
    }

    async fn rename(&self, params: RenameParams) -> Result<Option<WorkspaceEdit>> {
        let at = params.text_document_position;
        self.with_state("rename", |state| {
            let uri = &at.text_document.uri;
            let (document, offset, encoding) = locate(state, uri, at.position)?;
            macros::rename(document, uri, offset, &params.new_name, encoding).map(Some)
        })
    }

    async fn document_symbol(
        &self,
        params: DocumentSymbolParams,
    ) -> Result<Option<DocumentSymbolResponse>> {
        self.with_state("documentSymbol", |state| {
            let encoding = state.encoding.unwrap_or(Encoding::Utf16);
            let document = open_document(state, &params.text_document.uri)?;
            Ok(Some(DocumentSymbolResponse::Nested(symbols::symbols(
                document, encoding,
            ))))
        })
    }

    async fn code_action(&self, params: CodeActionParams) -> Result<Option<CodeActionResponse>> {
        self.with_state("codeAction", |state| {
            let uri = &params.text_document.uri;
            let (document, start, encoding) = locate(state, uri, params.range.start)?;
            let end = to_offset(document.text(), params.range.end, encoding)
                .unwrap_or(document.text().len_bytes());
            Ok(Some(code_actions::actions(
                document, uri, start, end, encoding,
            )))
        })
    }

    async fn execute_command(&self, params: ExecuteCommandParams) -> Result<Option<LSPAny>> {
        if params.command != code_actions::EXPLAIN {
            return Err(Error::invalid_params(format!(
                "unknown command `{}`",
                params.command
            )));
        }
        let uri = params
            .arguments
            .first()
            .and_then(|a| a.as_str())
            .and_then(|u| u.parse::<Uri>().ok());
        let offset = params.arguments.get(1).and_then(serde_json::Value::as_u64);
        let (Some(uri), Some(offset)) = (uri, offset) else {
            return Err(Error::invalid_params(
                "expected a document URI and an offset",
            ));
        };
        let (text, shows_documents) = self.with_state("explain", |state| {
            let document = open_document(state, &uri)?;
            let offset = usize::try_from(offset).unwrap_or(usize::MAX);
            let hover = ide::hover::hover(document, offset, state.settings.hover());
            Ok((hover.map(|h| h.markdown), state.shows_documents))
        })?;
        let Some(text) = text else {
            return Ok(None);
        };
        // The explanation goes to a new file: the client is asked to show it, or, when it
        // cannot show documents, opens the path the command returns.
        let path = write_new_file(&text).map_err(|error| Error {
            code: tower_lsp_server::jsonrpc::ErrorCode::InternalError,
            message: format!("cannot write the explanation to a new file: {error}").into(),
            data: None,
        })?;
        if shows_documents && let Some(target) = Uri::from_file_path(&path) {
            let client = self.client.clone();
            tokio::spawn(async move {
                let _ = client
                    .show_document(ShowDocumentParams {
                        uri: target,
                        external: Some(false),
                        take_focus: Some(true),
                        selection: None,
                    })
                    .await;
            });
        }
        Ok(Some(serde_json::json!(path.display().to_string())))
    }
}

/// Writes `text` to a new file of the temporary folder under a name no one can guess, created
/// only if nothing stands there (no file, no planted link), so nothing else is overwritten and
/// another user's files cannot make it fail.
fn write_new_file(text: &str) -> std::io::Result<std::path::PathBuf> {
    use std::hash::{BuildHasher, Hasher};
    use std::io::Write as _;
    let mut last_error = None;
    for attempt in 0u64..8 {
        // A hasher of the standard library is seeded randomly for each process and instance.
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u64(attempt);
        let name = format!(
            "betza-explain-{}-{:016x}.md",
            std::process::id(),
            hasher.finish()
        );
        let path = std::env::temp_dir().join(name);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut file) => {
                file.write_all(text.as_bytes())?;
                return Ok(path);
            }
            Err(error) => last_error = Some(error),
        }
    }
    Err(last_error.unwrap_or_else(|| std::io::Error::other("no free name")))
}
