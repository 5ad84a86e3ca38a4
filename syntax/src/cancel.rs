//! Cooperative cancellation of long work. The loops whose length the input decides (move
//! generation, building MBN chains) call [`checkpoint`]; a caller whose answer may stop
//! mattering (a language server request the client cancelled, or whose document was edited)
//! runs the work through [`run`] with a flag, and once the flag is up the next checkpoint
//! unwinds to [`run`], which reports [`Cancelled`]. Without [`run`] a checkpoint costs a
//! counter and never stops anything, so the command line and the tests are not affected.
//!
//! Unwinding rather than a result threaded through every function: the checkpoints sit deep in
//! generation, which returns plain data to a dozen callers, and the work runs on data the
//! caller owns for it, so nothing half-built outlives it.

use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The work was stopped because its flag went up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cancelled;

/// How many checkpoints pass between two looks at the flag: a look is an atomic load, and
/// generation passes a checkpoint for every square it visits.
const CHECKPOINTS_PER_LOOK: u32 = 256;

thread_local! {
    static FLAG: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
    static UNTIL_LOOK: Cell<u32> = const { Cell::new(CHECKPOINTS_PER_LOOK) };
}

/// Runs `work` on this thread, stopping it at its next checkpoint once `flag` is up. A panic
/// that is not a cancellation goes on unwinding.
pub fn run<T>(flag: Arc<AtomicBool>, work: impl FnOnce() -> T) -> Result<T, Cancelled> {
    if flag.load(Ordering::Relaxed) {
        return Err(Cancelled);
    }
    let outer = FLAG.with(|slot| slot.replace(Some(flag)));
    let result = catch_unwind(AssertUnwindSafe(work));
    FLAG.with(|slot| *slot.borrow_mut() = outer);
    match result {
        Ok(value) => Ok(value),
        Err(payload) if payload.is::<Cancelled>() => Err(Cancelled),
        Err(payload) => resume_unwind(payload),
    }
}

/// Stops the work [`run`] is running once its flag is up (now and then: see
/// [`CHECKPOINTS_PER_LOOK`]). Outside [`run`], nothing happens.
pub fn checkpoint() {
    let look = UNTIL_LOOK.with(|left| {
        let now = left.get().saturating_sub(1);
        left.set(if now == 0 { CHECKPOINTS_PER_LOOK } else { now });
        now == 0
    });
    if look
        && FLAG.with(|slot| {
            slot.borrow()
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed))
        })
    {
        // Not a panic: no hook runs and nothing is printed; `run` catches it.
        resume_unwind(Box::new(Cancelled));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Work that passes checkpoints forever; `raise` puts the flag up after some of them.
    fn endless(flag: &AtomicBool, raise_after: u64) -> u64 {
        let mut passed = 0u64;
        loop {
            checkpoint();
            passed += 1;
            if passed == raise_after {
                flag.store(true, Ordering::Relaxed);
            }
        }
    }

    #[test]
    fn raised_flag_stops_the_work_within_one_look() {
        let flag = Arc::new(AtomicBool::new(false));
        let seen = flag.clone();
        assert_eq!(run(flag, || endless(&seen, 1000)), Err(Cancelled));
    }

    #[test]
    fn work_whose_flag_is_up_before_it_starts_does_not_run() {
        let flag = Arc::new(AtomicBool::new(true));
        let mut ran = false;
        assert_eq!(run(flag, || ran = true), Err(Cancelled));
        assert!(!ran);
    }

    #[test]
    fn finished_work_returns_its_value_and_checkpoints_outside_run_do_nothing() {
        let flag = Arc::new(AtomicBool::new(false));
        assert_eq!(run(flag.clone(), || 7), Ok(7));
        flag.store(true, Ordering::Relaxed);
        // The flag of a finished run is no longer looked at.
        for _ in 0..10 * CHECKPOINTS_PER_LOOK {
            checkpoint();
        }
    }

    #[test]
    fn a_real_panic_is_not_taken_for_a_cancellation() {
        let flag = Arc::new(AtomicBool::new(false));
        let outcome = catch_unwind(|| run(flag, || resume_unwind(Box::new("a bug"))));
        assert!(outcome.is_err());
    }
}
