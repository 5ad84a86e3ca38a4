//! What the framing layer and the body reader both read of a frame's header lines.

/// The longest header line kept; the rest of a longer one is read and dropped, so a line that
/// never ends cannot fill the memory.
pub const MAX_HEADER_LINE: u64 = 4096;

/// The value of a `Content-Length` header found anywhere in `line`: after a body shorter than
/// its announced length, the rest of the body runs into the next header line, and reading the
/// length from where it stands brings the stream back in step.
pub fn content_length(line: &str) -> Option<Result<usize, String>> {
    const NAME: &str = "content-length:";
    let at = line.to_ascii_lowercase().rfind(NAME)?;
    let value = line.get(at + NAME.len()..)?.trim();
    Some(
        value
            .parse::<usize>()
            .map_err(|_| format!("bad Content-Length `{value}`")),
    )
}
