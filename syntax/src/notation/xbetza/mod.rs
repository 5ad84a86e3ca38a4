//! XBetza as the seeds define it (seeds 000, 003, 004).

pub(crate) mod letters;
pub(crate) mod lint;
pub(crate) mod lower;
