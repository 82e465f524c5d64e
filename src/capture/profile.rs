//! The calibration profile: where the board sits on screen, its tile pitch, and the skin's looks
//! with the classes the board-level reading gave them, saved by `calibrate --save` as TOML in the
//! user's config directory and read back by `live`, which then starts out knowing the skin.

use crate::vision::tiles::{TileImage, TILE_BYTES};
use crate::vision::{Grid, Reading, Rect, TileClass};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What calibration found, as stored on disk.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    /// The board's outer edge in screen (or image) pixels.
    pub board: Rect,
    pub tile_width: f64,
    pub tile_height: f64,
    pub rows: usize,
    pub cols: usize,
    /// The game window's title, when calibration looked at a window.
    pub window: Option<String>,
    /// The looks of the skin calibration read, with their settled classes (none when the board
    /// could not be read).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub looks: Vec<SavedLook>,
}

/// One look of the skin: the tile as the classifier sees it, and its class.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedLook {
    /// The class name (`unrevealed`, `0`, `flag`, …).
    pub class: String,
    /// The 16×16 RGB tile, as hexadecimal.
    pub pixels: String,
}

/// Looks stored at most: a board read at a fractional pitch can show hundreds of looks, most of
/// them on one tile each; the most common are kept.
const MAX_SAVED_LOOKS: usize = 128;

impl SavedLook {
    /// The tile and class, or `None` for an entry that is not one (a hand-edited profile).
    pub fn decode(&self) -> Option<(TileImage, TileClass)> {
        let class = TileClass::from_name(&self.class)?;
        let bytes = self.pixels.as_bytes();
        if bytes.len() != TILE_BYTES * 2 {
            return None;
        }
        let mut tile = [0u8; TILE_BYTES];
        for (byte, pair) in tile.iter_mut().zip(bytes.chunks_exact(2)) {
            *byte = u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok()?;
        }
        Some((tile, class))
    }
}

/// The looks of `reading` worth storing, the most common first. Looks in doubt are left out:
/// `live` must settle them on the board it sees.
pub fn saved_looks(reading: &Reading) -> Vec<SavedLook> {
    let mut counts = vec![0usize; reading.looks.len()];
    for &look in &reading.look_of {
        counts[look] += 1;
    }
    let mut order: Vec<usize> = (0..reading.looks.len())
        .filter(|&look| reading.doubt_of(look).is_none())
        .collect();
    order.sort_by_key(|&look| std::cmp::Reverse(counts[look]));
    order
        .into_iter()
        .take(MAX_SAVED_LOOKS)
        .map(|look| SavedLook {
            class: reading.looks[look].class.name().to_string(),
            pixels: reading.pixels[look]
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect(),
        })
        .collect()
}

impl Profile {
    pub fn from_grid(grid: &Grid, window: Option<String>) -> Profile {
        Profile {
            board: grid.rect(),
            tile_width: grid.pitch_x,
            tile_height: grid.pitch_y,
            rows: grid.rows,
            cols: grid.cols,
            window,
            looks: Vec::new(),
        }
    }
}

/// A failure to store or read a profile.
#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    #[error("no config directory for this user (set $XDG_CONFIG_HOME or $HOME)")]
    NoConfigDir,
    #[error("cannot write the profile {path}")]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot read the profile {path}")]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{path} is not a minehint profile: {message}")]
    Format { path: PathBuf, message: String },
}

/// `$XDG_CONFIG_HOME/minehint/profile.toml` (or the platform's equivalent).
pub fn default_path() -> Result<PathBuf, ProfileError> {
    dirs::config_dir()
        .map(|dir| dir.join("minehint").join("profile.toml"))
        .ok_or(ProfileError::NoConfigDir)
}

/// The keys of the calibration, which `save` writes anew; any other key in the file is the
/// player's (`live::settings`) and is kept.
const OWN_KEYS: [&str; 7] = [
    "board",
    "tile_width",
    "tile_height",
    "rows",
    "cols",
    "window",
    "looks",
];

/// Reads the profile file at `path` as text, refusing one far larger than a profile.
pub fn read_text(path: &Path) -> Result<String, ProfileError> {
    let read = |source| ProfileError::Read {
        path: path.to_owned(),
        source,
    };
    let size = std::fs::metadata(path).map_err(read)?.len();
    if size > MAX_PROFILE_BYTES {
        return Err(ProfileError::Format {
            path: path.to_owned(),
            message: format!("the file is {size} bytes; a profile is at most {MAX_PROFILE_BYTES}"),
        });
    }
    std::fs::read_to_string(path).map_err(read)
}

/// Whether a profile's text holds a calibration (a board), not only the player's settings.
pub fn has_calibration(text: &str) -> bool {
    text.parse::<toml::Table>()
        .map_or(true, |table| table.contains_key("board"))
}

/// Writes `profile` to `path`, creating its directory. The file is written beside the old one and
/// renamed over it, so an interrupted save never leaves a half-written profile.
pub fn save(profile: &Profile, path: &Path) -> Result<(), ProfileError> {
    let write = |source| ProfileError::Write {
        path: path.to_owned(),
        source,
    };
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(write)?;
    }
    let format = |err: &dyn std::fmt::Display| ProfileError::Format {
        path: path.to_owned(),
        message: err.to_string(),
    };
    let mut table = toml::Table::try_from(profile).map_err(|err| format(&err))?;
    // The player's own settings in the old file (hotkeys, the first-click rule) are kept.
    if let Ok(old) = std::fs::read_to_string(path) {
        if let Ok(old) = old.parse::<toml::Table>() {
            for (key, value) in old {
                if !OWN_KEYS.contains(&key.as_str()) {
                    table.entry(key).or_insert(value);
                }
            }
        }
    }
    let text = toml::to_string(&table).map_err(|err| format(&err))?;
    let temporary = path.with_extension("toml.new");
    std::fs::write(&temporary, text).map_err(write)?;
    std::fs::rename(&temporary, path).map_err(write)
}

/// The largest profile file read: one holds at most [`MAX_SAVED_LOOKS`] looks of 1,536 hex
/// characters each (about 200 KB), so anything far larger is not one of ours.
pub const MAX_PROFILE_BYTES: u64 = 4 << 20;

/// Reads the profile at `path`.
pub fn load(path: &Path) -> Result<Profile, ProfileError> {
    parse(&read_text(path)?, path)
}

/// A profile from its text; `path` only names it in errors.
pub fn parse(text: &str, path: &Path) -> Result<Profile, ProfileError> {
    toml::from_str(text).map_err(|err| ProfileError::Format {
        path: path.to_owned(),
        message: err.to_string(),
    })
}

impl Profile {
    /// The stored looks that decode, at most [`MAX_SAVED_LOOKS`] of them (a hand-edited profile
    /// may hold more; the reading's cache need not grow with it).
    pub fn decoded_looks(&self) -> impl Iterator<Item = (TileImage, TileClass)> + '_ {
        self.looks
            .iter()
            .filter_map(SavedLook::decode)
            .take(MAX_SAVED_LOOKS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_profile_reads_back_the_same() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("profile.toml");
        let profile = Profile {
            board: Rect {
                x: 412,
                y: 230,
                width: 480,
                height: 256,
            },
            tile_width: 16.0,
            tile_height: 16.0,
            rows: 16,
            cols: 30,
            window: Some("Mines".into()),
            looks: vec![SavedLook {
                class: "3".into(),
                pixels: "7f".repeat(TILE_BYTES),
            }],
        };
        assert_eq!(
            profile.looks[0].decode(),
            Some(([0x7f; TILE_BYTES], TileClass::Number(3)))
        );
        save(&profile, &path).unwrap();
        assert_eq!(load(&path).unwrap(), profile);
        // The player's own settings survive a new calibration; the old calibration does not.
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str("[game]\nfirst_click = \"zero\"\n[hotkeys]\nhint = \"f9\"\n");
        std::fs::write(&path, text).unwrap();
        assert!(has_calibration(&read_text(&path).unwrap()));
        let recalibrated = Profile {
            rows: 9,
            cols: 9,
            window: None,
            ..profile
        };
        save(&recalibrated, &path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(parse(&text, &path).unwrap(), recalibrated);
        let table: toml::Table = text.parse().unwrap();
        assert_eq!(table["game"]["first_click"].as_str(), Some("zero"));
        assert_eq!(table["hotkeys"]["hint"].as_str(), Some("f9"));
        assert!(!table.contains_key("window"));
        assert!(!has_calibration("[hotkeys]\nhint = \"f9\"\n"));
    }

    #[test]
    fn a_damaged_profile_is_a_format_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("profile.toml");
        std::fs::write(&path, "board = 3").unwrap();
        assert!(matches!(load(&path), Err(ProfileError::Format { .. })));
    }
}
