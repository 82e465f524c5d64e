//! The calibration profile: where the board sits on screen and its tile pitch, saved by
//! `calibrate --save` as TOML in the user's config directory and read back by `live`.

use crate::vision::{Grid, Rect};
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
        }
    }
}

/// A failure to store or read a profile.
#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    #[error("no config directory for this user (set $XDG_CONFIG_HOME or $HOME)")]
    NoConfigDir,
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("cannot read {path}: {source}")]
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
    let text = toml::to_string(profile).map_err(|err| ProfileError::Format {
        path: path.to_owned(),
        message: err.to_string(),
    })?;
    let temporary = path.with_extension("toml.new");
    std::fs::write(&temporary, text).map_err(write)?;
    std::fs::rename(&temporary, path).map_err(write)
}

/// Reads the profile at `path`.
pub fn load(path: &Path) -> Result<Profile, ProfileError> {
    let text = std::fs::read_to_string(path).map_err(|source| ProfileError::Read {
        path: path.to_owned(),
        source,
    })?;
    toml::from_str(&text).map_err(|err| ProfileError::Format {
        path: path.to_owned(),
        message: err.to_string(),
    })
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
        };
        save(&profile, &path).unwrap();
        assert_eq!(load(&path).unwrap(), profile);
    }

    #[test]
    fn a_damaged_profile_is_a_format_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("profile.toml");
        std::fs::write(&path, "board = 3").unwrap();
        assert!(matches!(load(&path), Err(ProfileError::Format { .. })));
    }
}
