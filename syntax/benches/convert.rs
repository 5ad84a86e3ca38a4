//! Converting every catalogue piece (corpus/pieces.tsv, 98 XBetza strings) to each other
//! reading, proof by generation included. `cargo bench -p betza-syntax --bench convert`; the
//! figures go in docs/speed.md.

use std::hint::black_box;

use betza_syntax::convert::{Reading, convert};
use betza_syntax::explain::names::catalogue;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn bench_convert(c: &mut Criterion) {
    let pieces: Vec<&str> = catalogue().iter().map(|piece| piece.betza).collect();
    let mut group = c.benchmark_group("convert");
    group.sample_size(10);
    group.throughput(Throughput::Elements(pieces.len() as u64));
    for to in Reading::CONVERSIONS {
        let name = format!("{} catalogue pieces from xbetza to {to}", pieces.len());
        group.bench_function(name, |b| {
            b.iter(|| {
                for betza in &pieces {
                    let _ = black_box(convert(black_box(betza), Reading::XBETZA, to));
                }
            })
        });
    }
    let name = format!("{} catalogue pieces from fairy to xbetza", pieces.len());
    group.bench_function(name, |b| {
        b.iter(|| {
            for betza in &pieces {
                let _ = black_box(convert(black_box(betza), Reading::FAIRY, Reading::XBETZA));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_convert);
criterion_main!(benches);
