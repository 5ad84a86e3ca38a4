//! What the framing layer and the body reader both read of a frame's header lines, and the
//! header written before each frame sent.

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

/// The header of a frame whose body is `length` bytes.
pub fn header(length: usize) -> String {
    format!("Content-Length: {length}\r\n\r\n")
}

/// The frame of a body written in `parts`, in one buffer of its size.
pub fn frame_of(parts: &[&[u8]]) -> Vec<u8> {
    let length = parts.iter().map(|part| part.len()).sum();
    let header = header(length);
    let mut frame = Vec::with_capacity(header.len() + length);
    frame.extend_from_slice(header.as_bytes());
    for part in parts {
        frame.extend_from_slice(part);
    }
    frame
}
