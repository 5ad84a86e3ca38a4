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
use framing::{FrameSink, Stream, WriterThread};

/// Serves the protocol on `input`/`output` until the client exits; returns whether `shutdown`
/// came first (the exit status is 0 then, 1 otherwise, per the specification).
pub async fn serve<I, O>(input: I, output: O) -> bool
where
    I: AsyncRead + Unpin,
    O: AsyncWrite + Unpin,
{
    serve_to(input, Stream(output)).await
}

/// [`serve`], with whole frames going to `output`.
async fn serve_to<I, S>(input: I, output: S) -> bool
where
    I: AsyncRead + Unpin,
    S: FrameSink,
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

/// Standard output without the standard library's buffering: frames are whole already.
#[cfg(unix)]
fn standard_output() -> Box<dyn std::io::Write + Send> {
    use std::os::fd::AsFd;
    match std::io::stdout().as_fd().try_clone_to_owned() {
        Ok(output) => Box::new(std::fs::File::from(output)),
        Err(_) => Box::new(std::io::stdout()),
    }
}

#[cfg(not(unix))]
fn standard_output() -> std::io::Stdout {
    std::io::stdout()
}

/// The runtime and the thread that writes standard output.
fn start() -> std::io::Result<(
    tokio::runtime::Runtime,
    WriterThread,
    std::thread::JoinHandle<()>,
)> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    enlarge_output_pipe();
    let (output, writer) = WriterThread::start(standard_output())?;
    Ok((runtime, output, writer))
}

pub fn run() -> ExitCode {
    let (runtime, output, writer) = match start() {
        Ok(started) => started,
        Err(error) => {
            eprintln!("error: cannot start the language server: {error}");
            return ExitCode::from(2);
        }
    };
    let clean = runtime.block_on(serve_to(tokio::io::stdin(), output));
    // Every frame is written before the process ends.
    let _ = writer.join();
    // Standard input may still be waited on by a blocking thread; do not wait for it.
    runtime.shutdown_background();
    if clean {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
