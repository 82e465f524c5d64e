//! Vision benchmarks on the bundled real-game screenshots (1920x1080, decoded beforehand):
//! screenshot → board (find the grid, sample the tiles, classify each distinct look), the grid
//! search alone, and the classifier on a whole Expert board of distinct tiles (the worst case:
//! nothing to share). tract runs on one thread, so these are one-core figures.
//!
//! Besides criterion's figures, each case prints its median and 99th percentile over 200 runs,
//! and the median of each stage: the grid search, the tiles sampled and classified (with the
//! game's counter read), and the board-level reading that settles the looks together.

use criterion::{criterion_group, criterion_main, Criterion};
use minehint::pipeline::{read_board, read_grid};
use minehint::vision::counter::read_counter;
use minehint::vision::text_counter::read_text_counter;
use minehint::vision::tiles::{sample_grid, TILE_BYTES};
use minehint::vision::{self, load_image, locate, Classifier, Hints};
use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

/// Screenshots of the three board sizes, full screen.
const SHOTS: [&str; 4] = [
    "gnome-classic-big-1400-800-mid.png",
    "gnome-default-medium-1000-760-mid.png",
    "gnome-bgcolors-small-800-640-mid.png",
    "xdemineur-30-16-99-mid.png",
];

fn fixture(name: &str) -> image::RgbImage {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(name);
    load_image(&path).unwrap_or_else(|e| panic!("{e}"))
}

fn spread(mut f: impl FnMut()) -> (Duration, Duration) {
    let mut times: Vec<Duration> = (0..200)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    times.sort();
    (times[100], times[198])
}

fn screenshot_to_board(c: &mut Criterion) {
    let classifier = Classifier::embedded().unwrap();
    let mut group = c.benchmark_group("vision");
    for name in SHOTS {
        let image = fixture(name);
        let reading = read_board(&image, Hints::default(), &classifier).unwrap();
        let (median, p99) = spread(|| {
            black_box(read_board(&image, Hints::default(), &classifier).unwrap());
        });
        // Where the time goes, stage by stage (medians): the grid search; the tiles sampled
        // and classified, the counter read; the looks settled together under the rules.
        let (locate_median, _) = spread(|| {
            black_box(locate(&image, Hints::default()).unwrap());
        });
        let grid = reading.grid;
        let (tiles_median, _) = spread(|| {
            black_box(vision::read_grid(&image, grid, &classifier).unwrap());
        });
        // As the read does it: the seven-segment display, else the text.
        let (counter_median, _) = spread(|| {
            if black_box(read_counter(&image, &grid)).is_none() {
                black_box(read_text_counter(&image, &grid));
            }
        });
        let (given_grid_median, _) = spread(|| {
            black_box(read_grid(&image, grid, &classifier).unwrap());
        });
        println!(
            "read {name}: {}x{} tiles, {} distinct looks: median {median:?}, p99 {p99:?} \
             (medians of the stages: grid search {locate_median:?}; tiles sampled and \
             classified, counter read {tiles_median:?}, of which the counter \
             {counter_median:?}; looks settled {:?})",
            reading.grid.cols,
            reading.grid.rows,
            reading.distinct_looks,
            given_grid_median.saturating_sub(tiles_median)
        );
        group.bench_function(format!("read/{name}"), |b| {
            b.iter(|| read_board(&image, Hints::default(), &classifier).unwrap())
        });
    }

    // The worst case for the classifier: 480 tiles, all different (JPEG noise can do this).
    let image = fixture(SHOTS[0]);
    let grid = locate(&image, Hints::default()).unwrap();
    let mut looks = sample_grid(&image, &grid).looks;
    let base = looks[0];
    while looks.len() < 480 {
        let mut tile = base;
        let n = looks.len();
        tile[n % TILE_BYTES] ^= (1 + n / TILE_BYTES) as u8;
        looks.push(tile);
    }
    let (median, p99) = spread(|| {
        black_box(classifier.classify(&looks).unwrap());
    });
    println!("classify 480 distinct tiles: median {median:?}, p99 {p99:?}");
    group.bench_function("classify/480-distinct", |b| {
        b.iter(|| classifier.classify(&looks).unwrap())
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = screenshot_to_board
}
criterion_main!(benches);
