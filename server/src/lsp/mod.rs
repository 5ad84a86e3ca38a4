//! `betza lsp`: the language server on stdio. It adapts the syntax crate to the protocol and
//! holds no notation knowledge of its own.

mod backend;
mod framing;
pub mod handlers;
mod position;
mod state;

#[cfg(test)]
mod abuse_tests;
#[cfg(test)]
mod tests;

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::io::{AsyncRead, AsyncWrite};
use tower_lsp_server::{LspService, Server};

use backend::Backend;

/// Serves the protocol on `input`/`output` until the client exits; returns whether `shutdown`
/// came first (the exit status is 0 then, 1 otherwise, per the specification).
pub async fn serve<I, O>(input: I, output: O) -> bool
where
    I: AsyncRead + Unpin,
    O: AsyncWrite + Unpin,
{
    let shut_down = Arc::new(AtomicBool::new(false));
    let flag = shut_down.clone();
    // Frames that bypass the protocol library: the framing layer's error replies and the
    // backend's diagnostics.
    let (frames, frame_queue) = tokio::sync::mpsc::unbounded_channel();
    let backend_frames = frames.clone();
    let (service, socket) =
        LspService::build(move |client| Backend::new(client, flag, backend_frames))
            .custom_method("betza/documentText", Backend::document_text)
            .finish();
    let (to_server, server_input) = tokio::io::duplex(1 << 16);
    let (server_output, from_server) = tokio::io::duplex(1 << 16);
    let server = Server::new(server_input, server_output, socket)
        .concurrency_level(1)
        .serve(service);
    let writer = framing::forward_output(from_server, frames.clone(), frame_queue, output);
    let reader = framing::forward_input(input, to_server, frames);
    tokio::pin!(server, reader);
    let run = async {
        tokio::select! {
            // The server ended (exit): stop reading, whatever input is still pending.
            () = &mut server => {}
            // The input ended: the server sees end of input and finishes its work.
            () = &mut reader => (&mut server).await,
        }
    };
    tokio::join!(run, writer);
    shut_down.load(Ordering::SeqCst)
}

/// A large file's diagnostics are megabytes of JSON sent on every edit; through Linux's default
/// 64 KiB pipe each takes dozens of wake-ups of the editor. A 1 MiB pipe (the unprivileged limit)
/// took the 1.8 MB message of the 10 MB benchmark file from 0.63 to 0.46 ms on the wire. Output
/// that is not a pipe, or a lower limit, keeps the default.
fn enlarge_output_pipe() {
    #[cfg(target_os = "linux")]
    for size in [1 << 20, 1 << 18] {
        if rustix::pipe::fcntl_setpipe_size(std::io::stdout(), size).is_ok() {
            break;
        }
    }
}

/// Standard output as a pipe the runtime writes to directly. Tokio's `Stdout` hands every write
/// to a blocking thread through a buffer of its own, and the standard library's line buffering
/// then searches each message for its last line break: two passes over megabytes of diagnostics.
/// `None` when the output is not a pipe (a file, a terminal).
#[cfg(unix)]
fn output_pipe() -> Option<tokio::net::unix::pipe::Sender> {
    use std::os::fd::AsFd;
    let output = std::io::stdout().as_fd().try_clone_to_owned().ok()?;
    tokio::net::unix::pipe::Sender::from_owned_fd(output).ok()
}

#[cfg(not(unix))]
fn output_pipe() -> Option<tokio::io::Stdout> {
    None
}

pub fn run() -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("error: cannot start the language server: {error}");
            return ExitCode::from(2);
        }
    };
    enlarge_output_pipe();
    let clean = runtime.block_on(async {
        match output_pipe() {
            Some(pipe) => serve(tokio::io::stdin(), pipe).await,
            None => serve(tokio::io::stdin(), tokio::io::stdout()).await,
        }
    });
    // Standard input may still be waited on by a blocking thread; do not wait for it.
    runtime.shutdown_background();
    if clean {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
