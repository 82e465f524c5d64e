//! Marks drawn over the board and read back through: where `live` reads the board from copies of
//! the screen (Wayland), the copies show its own marks over the tiles. Every fixture is read,
//! its advice drawn see-through over it (with `--heat`, so every covered tile is tinted) and
//! blended as a compositor blends, and the board read from that copy, once the marks are taken
//! out, must be the board read from the clean screenshot, as advice sees it (cells in doubt
//! covered), but for tiles hidden as covered (under 1%: less advice, never wrong advice).

use minehint::advice::GuessPolicy;
use minehint::live::own_pixels::{OnScreen, OwnPixels};
use minehint::overlay::{Layout, Picture, Scene, ScreenRect};
use minehint::parse_board;
use minehint::pipeline::{outcome, read_board};
use minehint::skin::advice_board;
use minehint::vision::{load_image, Classifier, Hints};
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

#[test]
fn boards_read_through_their_own_marks_read_as_without_them() {
    let classifier = Classifier::embedded().unwrap();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut shots: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "png"))
        .collect();
    shots.sort();
    let (mut checked, mut marked, mut changed_by_marks) = (0, 0, 0);
    let (mut tiles, mut hidden) = (0usize, 0usize);
    let mut failures = Vec::new();
    for path in shots {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let image = load_image(&path).unwrap();
        let Ok(reading) = read_board(&image, Hints::default(), &classifier) else {
            continue;
        };
        let marks = outcome(&reading, None, &GuessPolicy::default()).marks(true);
        let rect = reading.grid.rect();
        let board = ScreenRect {
            x: rect.x as i32,
            y: rect.y as i32,
            width: rect.width,
            height: rect.height,
        };
        let scene = Scene {
            board,
            grid: reading.grid.shifted(-f64::from(rect.x), -f64::from(rect.y)),
            cells: reading.board.clone(),
            marks,
            layout: Layout::OnBoard,
            captured: Some(Instant::now()),
            drawn: None,
        };
        let picture = Picture::of(&scene);
        let covered = picture.pixels.iter().filter(|p| *p >> 24 != 0).count();
        checked += 1;
        if covered == 0 {
            continue;
        }
        marked += 1;
        let mut copy = image.clone();
        picture.blend_onto(&mut copy, (0, 0));
        let want = reading.board.to_text();
        // What advice rests on: a look left in doubt may settle either way on a copy a few
        // levels off, and is covered to the advice either way.
        let want_advised = advice_board(&reading).to_text();
        let as_shown = read_board(&copy, Hints::default(), &classifier).map(|r| r.board.to_text());
        if as_shown.as_ref().ok() != Some(&want) {
            changed_by_marks += 1;
        }
        let mut own = OwnPixels::default();
        own.show(OnScreen::Marks(Arc::new(picture)));
        if own.clean(&mut copy, (0, 0), Instant::now()).is_err() {
            failures.push(format!("{name}: the marks shown were not recognised"));
            continue;
        }
        // Pixel by pixel, the board comes back to within the rounding of the blend.
        let off = (copy.pixels().zip(image.pixels()))
            .map(|(a, b)| (0..3).map(|i| a.0[i].abs_diff(b.0[i])).max().unwrap_or(0))
            .max()
            .unwrap_or(0);
        if off > 3 {
            failures.push(format!("{name}: a pixel comes back {off} levels off"));
        }
        match read_board(&copy, Hints::default(), &classifier) {
            Ok(r) => {
                let (got, want) = (advice_board(&r).to_text(), &want_advised);
                // A tile read as covered hides what it shows: less advice, none wrong (as in
                // tests/fixtures.rs). A tile the clean screenshot left in doubt may settle on
                // the copy, where it must settle on what the label says. Anything else read
                // otherwise is a misread.
                let truth = label_text(&path);
                let (mut hid, mut misread) = (0, 0);
                for (i, (g, w)) in got.chars().zip(want.chars()).enumerate() {
                    match (g, w) {
                        _ if g == w => {}
                        ('.', _) => hid += 1,
                        (_, '.') if truth.as_ref().and_then(|t| t.chars().nth(i)) == Some(g) => {}
                        _ => misread += 1,
                    }
                }
                hidden += hid;
                tiles += want.chars().filter(|c| *c != '\n').count();
                if misread > 0 || got.len() != want.len() {
                    failures.push(format!(
                        "{name}: read through the marks as\n{got}instead of\n{want}"
                    ));
                }
            }
            Err(e) => failures.push(format!("{name}: not read through the marks: {e}")),
        }
    }
    eprintln!(
        "{checked} boards, {marked} with marks; {changed_by_marks} of those read otherwise with \
         the marks left in; once they are taken out, {} misread and {hidden} of {tiles} tiles \
         read as covered",
        failures.len()
    );
    assert!(
        hidden * 100 <= tiles,
        "{hidden} of {tiles} tiles read as covered"
    );
    // Lost games (a third of the fixtures show one) get no advice, so no marks.
    assert!(marked >= 40, "only {marked} fixtures had marks");
    // The check has teeth: left in, the marks change what is read on some boards.
    assert!(
        changed_by_marks > 0,
        "the marks never changed what was read"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The fixture's labelled board as board text (its `NAME.json`), where it has a label. Labels
/// are board text row by row, so the board parser reads them (a `?` and a `W` as board text
/// writes them back: `.` and `x`).
fn label_text(png: &Path) -> Option<String> {
    let label: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(png.with_extension("json")).ok()?).ok()?;
    let rows: Vec<&str> = (label["tiles"].as_array()?.iter())
        .map(serde_json::Value::as_str)
        .collect::<Option<_>>()?;
    Some(parse_board(&rows.join("\n")).ok()?.to_text())
}
