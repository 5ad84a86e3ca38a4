//! `betza check` on whole files as a user runs it: the real binary on generated `variants.ini`
//! files of 200 kB and 2 MB (and 2 MB with XBoard's findings asked for, for thousands of
//! findings), human report and JSON, each run five times; prints the median and the slowest,
//! and the number of findings. `cargo bench -p betza-server --bench check_report`;
//! figures go in docs/speed.md.

#[path = "../../syntax/benches/support/large_variants.rs"]
mod large_variants;

use std::process::Command;
use std::time::{Duration, Instant};

const RUNS: usize = 5;

/// The times of `RUNS` runs of `betza check` with `args`, sorted, and what it printed.
fn timed(file: &std::path::Path, args: &[&str]) -> (Vec<Duration>, std::process::Output) {
    let binary = env!("CARGO_BIN_EXE_betza");
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..RUNS {
        let started = Instant::now();
        let output = Command::new(binary)
            .arg("check")
            .arg(file)
            .args(args)
            .output()
            .expect("betza runs");
        times.push(started.elapsed());
        last = Some(output);
    }
    times.sort();
    (times, last.expect("at least one run"))
}

fn main() {
    // `cargo bench` passes `--bench`; nothing to parse.
    println!("| file | findings | human report median / slowest | JSON median / slowest |");
    println!("|---|---|---|---|");
    let folder = std::env::temp_dir().join(format!("betza-check-bench-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("a temporary folder");
    let xboard = ["--engine", "fairy-stockfish", "--engine", "xboard"];
    for (label, bytes, engines) in [
        ("200 kB", 200_000, &[][..]),
        ("2 MB", 2_000_000, &[][..]),
        ("2 MB, XBoard asked for", 2_000_000, &xboard[..]),
    ] {
        let file = folder.join(format!("{bytes}.variants.ini"));
        std::fs::write(&file, large_variants::generate(bytes)).expect("the file is written");
        let (human, _) = timed(&file, engines);
        let json_args: Vec<&str> = ["--format", "json"]
            .iter()
            .chain(engines)
            .copied()
            .collect();
        let (json, output) = timed(&file, &json_args);
        let findings =
            serde_json::from_slice::<Vec<serde_json::Value>>(&output.stdout).map_or(0, |f| f.len());
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "| {label} | {findings} | {:.0} / {:.0} ms | {:.0} / {:.0} ms |",
            ms(human[RUNS / 2]),
            ms(human[RUNS - 1]),
            ms(json[RUNS / 2]),
            ms(json[RUNS - 1]),
        );
    }
    let _ = std::fs::remove_dir_all(&folder);
}
