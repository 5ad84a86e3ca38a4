//! The frames waiting to be written to the client: a queue bounded in frames and in bytes,
//! so a client that stops reading holds up the server instead of filling its memory.

use std::sync::Arc;

use tokio::sync::Semaphore;
use tokio::sync::mpsc::Sender;

/// A whole frame, header and body.
pub type Frame = Vec<u8>;

/// The most whole frames waiting to be written to the client. A client that stops reading
/// holds up the server and then the reading of its own input, instead of making the queue grow.
pub const QUEUED_FRAMES: usize = 64;

/// The most bytes of frames waiting to be written to the client (issue 56: sixty-four answers
/// of 22 MB each were 1.4 GB for a client that stopped reading). A frame larger than this waits
/// until the queue is empty, and then goes alone.
pub const QUEUED_BYTES: usize = 64 << 20;

/// The sending end of the frames to the client, bounded in bytes as well as in frames: a frame
/// waits for room for its bytes, which the writer gives back once it has written the frame.
#[derive(Clone)]
pub struct Outbox {
    frames: Sender<Frame>,
    room: Arc<Semaphore>,
}

impl Outbox {
    /// An outbox of `frames`, with [`QUEUED_BYTES`] of room.
    pub fn new(frames: Sender<Frame>) -> Outbox {
        Outbox {
            frames,
            room: Arc::new(Semaphore::new(QUEUED_BYTES)),
        }
    }

    /// Queues `frame` once there is room for it; `false` once the writer is gone.
    pub async fn send(&self, frame: Frame) -> bool {
        let Ok(room) = self.room.acquire_many(room_taken(&frame)).await else {
            return false;
        };
        // Given back by the writer, after the frame is written.
        room.forget();
        self.frames.send(frame).await.is_ok()
    }

    /// Gives back the room `frame` took, once it is written.
    pub fn written(&self, frame: &Frame) {
        self.room.add_permits(room_taken(frame) as usize);
    }
}

/// The room a frame takes in the queue: its bytes, at most the whole room.
fn room_taken(frame: &Frame) -> u32 {
    u32::try_from(frame.len().min(QUEUED_BYTES)).unwrap_or(u32::MAX)
}
