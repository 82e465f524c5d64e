//! The data engine's sweeps, bounded for CI: screens as players have them, labelled by the games
//! themselves (training/real/sweep.py, training/web/sweep.py).
//!
//! - GNOME Mines (default theme, 16x16) through a range of window sizes, from the small window it
//!   opens with on a first start up, with the pointer away, resting on a covered tile, on an open
//!   one, and the button held down; mid-game and lost.
//! - KMines, the Debian game the tile model never trained on, from the smallest board it draws up,
//!   mid-game and lost.
//! - A web clone the tile model never trained on (minesweeper-for-web, from the npm registry) in
//!   Chromium under Xvfb, at two page zooms, mid-game and lost.
//!
//! - The same clone with the page around its board changed: black, loud stripes and page text,
//!   a picture of another board beside it.
//! - `live` itself in Chromium on that clone at 125%, played to the end by its advice.
//!
//! No tile may be called safe that the game does not make safe, and no advice may be given on a
//! lost game, in any capture. Each sweep must also read a floor of its boards fully right, under
//! what it reads today, so that a regression shows. Starting X programs and a browser is
//! flaky by nature: a sweep that could not start (exit 3) is tried again, up to three times; a
//! wrong call is never retried. Every failure prints the sweep's table and output.

use serde_json::Value;
use std::process::Command;

/// What a sweep's captures came to.
struct Figures {
    boards: usize,
    found: usize,
    right: usize,
    wrong_calls: u64,
    table: String,
    /// Each capture's line of `results.jsonl`.
    results: Vec<Value>,
}

/// Runs `command` in bash from the project's root on a display of its own, `display` (Xvfb with
/// a window manager and a compositor, through scripts/real_games.sh; exit 3 when it does not
/// start): its exit code, standard output and standard error.
fn on_display(display: u32, command: &str) -> (Option<i32>, String, String) {
    let script = format!(
        "source scripts/real_games.sh
         trap rg_stop_display EXIT
         rg_display {display} || exit 3
         {command}"
    );
    let run = Command::new("bash")
        .arg("-c")
        .arg(&script)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("bash runs");
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (run.status.code(), text(&run.stdout), text(&run.stderr))
}

/// The X display of try `attempt` of the test in `slot` (0 to 4): apart from every other test's
/// and try's, and above the numbers the other test files take (140 to 600), so they never meet.
fn display(slot: u32, attempt: u32) -> u32 {
    1000 + std::process::id() % 40 * 15 + slot * 3 + attempt
}

/// Runs `sweep` (a command line after the display is up) on its own display, `slot` keeping
/// parallel tests apart; three tries when the programs do not start.
fn sweep(slot: u32, sweep: &str) -> Figures {
    let mut errors = Vec::new();
    for attempt in 0..3 {
        let display = display(slot, attempt);
        // The web sweep's DevTools and page ports, per try: a browser or server left behind by a
        // failed try must not hold the next one's.
        let port = 20000 + std::process::id() % 1000 * 30 + slot * 6 + attempt * 2;
        let sweep = sweep.replace("PORT", &port.to_string());
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().to_owned();
        let out = path.display();
        let (code, stdout, stderr) = on_display(
            display,
            &format!(
                "{sweep} --out {out} --binary '{}'",
                env!("CARGO_BIN_EXE_minehint")
            ),
        );
        eprintln!("{sweep}, try {}:\n{stdout}\n{stderr}", attempt + 1);
        match code {
            Some(0) | Some(1) => {
                let lines = std::fs::read_to_string(path.join("results.jsonl"))
                    .expect("the sweep writes its results");
                let results: Vec<Value> = lines
                    .lines()
                    .map(|l| serde_json::from_str(l).expect("a JSON line"))
                    .collect();
                let count = |key: &str| results.iter().filter(|r| r[key] == true).count();
                let wrong_calls = (results.iter())
                    .filter_map(|r| r["wrong_calls"].as_u64())
                    .sum();
                let mut table = stdout;
                if wrong_calls > 0 {
                    // The sweep keeps each capture it misread, with its label: kept past the
                    // test, so the failure can be read again (`sweep.py --rescore`).
                    let kept = dir.keep();
                    table += &format!("the misread captures are kept in {}\n", kept.display());
                }
                return Figures {
                    boards: results.len(),
                    found: count("found"),
                    right: count("right"),
                    wrong_calls,
                    table,
                    results,
                };
            }
            code => errors.push(format!("exit {code:?}\n{stdout}\n{stderr}")),
        }
    }
    panic!(
        "{sweep} could not run three times:\n{}",
        errors.join("\n---\n")
    );
}

fn check(figures: &Figures, least_right: f64) {
    assert_eq!(
        figures.wrong_calls, 0,
        "tiles called safe that are not, or advice on a lost game:\n{}",
        figures.table
    );
    assert!(
        figures.boards > 0,
        "nothing was captured:\n{}",
        figures.table
    );
    let share = figures.right as f64 / figures.boards as f64;
    assert!(
        share >= least_right,
        "{} of {} boards fully right ({} found), fewer than {least_right:.2} of them:\n{}",
        figures.right,
        figures.boards,
        figures.found,
        figures.table
    );
}

/// The sweeps' own scoring (training/real/sweep.py's doctests): a grid found at another size
/// than the game's, where the label has no rectangle of the board (KMines), is placed on the
/// label by what it shows, and its calls are judged there, not all counted wrong.
#[test]
fn the_sweeps_place_a_grid_of_another_size_by_what_it_shows() {
    let run = Command::new("bash")
        .arg("-c")
        .arg("source scripts/real_games.sh && rg_python && python3 -m doctest training/real/sweep.py")
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("bash runs");
    assert!(
        run.status.success(),
        "the sweep's doctests failed:\n{}\n{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
}

#[test]
fn gnome_mines_reads_at_every_window_size_with_the_pointer_on_the_board() {
    let figures = sweep(
        0,
        "python3 training/real/sweep.py --game gnome-default-medium --sizes 5 \
         --states mid,lost --seed 7",
    );
    check(&figures, GNOME_RIGHT);
}

/// KMines, the Debian game held out of training, from the smallest board it draws (17 px) up,
/// mid-game with flags and lost, every pointer variant: no call that is wrong, and its lost
/// game (behind the dialog it asks "Reset the Game?" in, cleared as a player would) given none.
#[test]
fn kmines_never_trained_on_reads_at_every_window_size() {
    let figures = sweep(
        4,
        "python3 training/real/sweep.py --game kmines --sizes 4 --states mid,lost --seed 7",
    );
    check(&figures, KMINES_RIGHT);
}

#[test]
fn a_web_clone_never_trained_on_reads_in_chromium_at_two_zooms() {
    let figures = sweep(
        1,
        "python3 training/web/sweep.py --clones webcomponent --scales 1 --zooms 100,150 \
         --themes light --states mid,lost --seed 7 --port PORT",
    );
    check(&figures, WEB_RIGHT);
}

/// The same clone with the page around the board changed, one capture each (pointer parked):
/// black, loud stripes with a bar of page text holding digits, and a picture of another game's
/// board beside it. The page around the board must not change the reading: the black and the
/// striped page read fully right; the picture is refused with the game as two boards, or the
/// game's board is read; and no call rests on the picture.
#[test]
fn a_web_page_around_the_board_changes_no_reading() {
    let figures = sweep(
        2,
        "python3 training/web/sweep.py --clones webcomponent --scales 1 --zooms 90 \
         --themes light,dark --states mid --seed 8 --port PORT \
         --surround dark-page,busy-page,second-board",
    );
    check(&figures, WEB_RIGHT * 0.8);
    let of = |variant: &str| -> Vec<&Value> {
        (figures.results.iter())
            .filter(|r| r["variant"] == variant)
            .collect()
    };
    for variant in ["dark-page", "busy-page"] {
        let captures = of(variant);
        assert_eq!(
            captures.len(),
            2,
            "{variant}: one capture a theme\n{}",
            figures.table
        );
        for r in captures {
            assert!(r["right"] == true, "{variant}: {r}\n{}", figures.table);
        }
    }
    let pictures = of("second-board");
    assert_eq!(
        pictures.len(),
        2,
        "second-board: one capture a theme\n{}",
        figures.table
    );
    for r in pictures {
        let refused = (r["error"].as_str()).is_some_and(|e| e.contains("two boards"));
        assert!(
            r["right"] == true || refused,
            "second-board: {r}\n{}",
            figures.table
        );
    }
}

/// `live` in Chromium, as a player has it: minesweeper-for-web (never trained on) at 125% zoom,
/// 9x9, played to the end by clicking what `live`'s log advises, with the real pointer resting
/// on the board between clicks (training/web/play_live.py). Every tile called safe is checked
/// against the page's own state before it is clicked.
#[test]
fn live_plays_a_web_clone_in_chromium_to_the_end() {
    let mut errors = Vec::new();
    for attempt in 0..3 {
        let display = display(3, attempt);
        let port = 50000 + std::process::id() % 1000 * 8 + attempt * 2;
        let dir = tempfile::tempdir().unwrap();
        let (code, stdout, stderr) = on_display(
            display,
            &format!(
                "python3 training/web/play_live.py --zoom 125 --seed 3 --seconds 90 --port {port} \
                 --log {log} --binary '{binary}'",
                log = dir.path().join("live.jsonl").display(),
                binary = env!("CARGO_BIN_EXE_minehint"),
            ),
        );
        let live_log = std::fs::read_to_string(dir.path().join("live.err")).unwrap_or_default();
        eprintln!(
            "try {}:\n{stdout}\n{stderr}\nlive said:\n{live_log}",
            attempt + 1
        );
        match code {
            Some(0) => {
                let figures: Value = serde_json::from_str(stdout.trim().lines().last().unwrap())
                    .expect("a JSON line");
                assert_eq!(figures["wrong_calls"], 0, "{figures}");
                assert!(figures["moves"].as_u64() > Some(0), "{figures}");
                assert_ne!(
                    figures["end"], "unfinished",
                    "not played to the end: {figures}"
                );
                return;
            }
            Some(1) => panic!("live called a mine safe:\n{stdout}\n{stderr}\n{live_log}"),
            code => errors.push(format!("exit {code:?}\n{stdout}\n{stderr}\n{live_log}")),
        }
    }
    panic!(
        "the browser or live did not start three times:\n{}",
        errors.join("\n---\n")
    );
}

/// The shares of boards fully right the sweeps above must read, under what they read today
/// (see docs/reading.md, "Screens as players have them"), so that a change that reads clearly
/// fewer fails.
/// GNOME Mines lays its mines out by itself (the seed is the sweep's clicks only): its boards
/// differ from run to run, and 31 to 35 of its 35 were read fully right in runs here (93% of 110
/// in the longer sweep); what is not is one tile read as covered, mostly a lost board's mine.
const GNOME_RIGHT: f64 = 0.8;
const WEB_RIGHT: f64 = 0.85;
/// KMines lays its mines by itself too. Its longer sweeps here read 193 of 194 and 202 of 210
/// boards fully right; in this sweep's form (a quarter of its sizes at 17 px, where a "1" is
/// read nearly as likely a flag and left in doubt, and mid-game and lost boards only) 21 of 28
/// and 14 of 28 in two runs: the check that matters most there is that no call is wrong.
const KMINES_RIGHT: f64 = 0.35;
