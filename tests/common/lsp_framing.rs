//! The LSP base protocol as a test client speaks it: a message is a header (`Content-Length`,
//! other fields ignored, names in any case), a blank line and a JSON body. One copy for every
//! test that talks to the server: the end-to-end tests over the binary's stdio (blocking), the
//! server's in-crate transcripts and the session fuzzer over in-memory pipes (tokio), and the
//! latency bench.
//!
//! A reader gives `None` only at a clean end of the server's output (before any header byte);
//! a broken header, a short body or a body that is not JSON panics, since the server must never
//! write one.

#![allow(dead_code)]

/// One whole frame: the header for `body`, then `body`.
pub fn frame(body: &[u8]) -> Vec<u8> {
    let mut out = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
    out.extend_from_slice(body);
    out
}

/// What a header line says.
enum HeaderLine {
    /// The input ended before any header byte.
    End,
    /// A field; the body's length when it is `Content-Length`.
    Field(Option<usize>),
    /// The blank line that ends the header.
    Blank,
}

/// Reads `line` as read by `read_line` (empty at the end of the input), `first` when no line
/// of this header came before it.
fn header_line(line: &str, first: bool) -> HeaderLine {
    if line.is_empty() {
        assert!(first, "the server's output ended inside a header");
        return HeaderLine::End;
    }
    let line = line.trim_end_matches(['\r', '\n']);
    if line.is_empty() {
        return HeaderLine::Blank;
    }
    let (name, value) = line.split_once(':').unwrap_or((line, ""));
    HeaderLine::Field(name.trim().eq_ignore_ascii_case("content-length").then(|| {
        value
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("a numeric Content-Length: {line:?}"))
    }))
}

/// The body of the next message of `$reader`, read with `read_line` and `read_exact` followed
/// by `$($wait)*` (nothing, or `.await`): one reading for the blocking and the async reader.
macro_rules! read_body {
    ($reader:expr $(, $wait:tt)*) => {{
        let (mut length, mut first) = (None, true);
        loop {
            let mut line = String::new();
            $reader.read_line(&mut line)$(.$wait)*.expect("the header reads");
            match header_line(&line, first) {
                HeaderLine::End => break None,
                HeaderLine::Field(field) => length = field.or(length),
                HeaderLine::Blank => {
                    let mut body = vec![0; length.expect("a Content-Length header")];
                    $reader.read_exact(&mut body)$(.$wait)*.expect("a whole body");
                    break Some(body);
                }
            }
            first = false;
        }
    }};
}

/// The body of the next message, or `None` at the end of the input.
pub fn read_body<R: std::io::BufRead>(reader: &mut R) -> Option<Vec<u8>> {
    read_body!(reader)
}

/// The next message, or `None` at the end of the input.
pub fn read_message<R: std::io::BufRead>(reader: &mut R) -> Option<serde_json::Value> {
    read_body(reader).map(|body| json(&body))
}

/// The body of the next message, or `None` at the end of the input.
pub async fn read_body_async<R>(reader: &mut R) -> Option<Vec<u8>>
where
    R: tokio::io::AsyncBufRead + Unpin,
{
    use tokio::io::{AsyncBufReadExt, AsyncReadExt};
    read_body!(reader, await)
}

/// The next message, or `None` at the end of the input.
pub async fn read_message_async<R>(reader: &mut R) -> Option<serde_json::Value>
where
    R: tokio::io::AsyncBufRead + Unpin,
{
    read_body_async(reader).await.map(|body| json(&body))
}

fn json(body: &[u8]) -> serde_json::Value {
    serde_json::from_slice(body).unwrap_or_else(|error| {
        panic!(
            "the server writes JSON ({error}): {}",
            String::from_utf8_lossy(body)
        )
    })
}
