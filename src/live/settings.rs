//! The player's settings in the profile file: the `[hotkeys]` table and the `[game]` table
//! (the game's first-click rule). They sit beside the calibration `calibrate --save` writes, and survive its rewrites
//! (`capture::profile::save` keeps what it does not own); a profile may hold only them.

use super::controls::HotkeySettings;
use crate::advice::FirstClick;
use crate::capture::ProfileError;
use serde::Deserialize;
use std::path::Path;

/// What the player set in the profile; anything left out keeps its default. Both are tables
/// (`[hotkeys]`, `[game]`), so they can be added at the end of a calibrated profile.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct PlayerSettings {
    pub hotkeys: HotkeySettings,
    pub game: GameSettings,
}

/// The profile's `[game]` table: what the player's game does.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GameSettings {
    /// The game's first-click rule (`safe`, `zero` or `any`); `None`: not set (safe is assumed).
    pub first_click: Option<FirstClick>,
}

/// The player's settings in a profile's text; `path` only names it in errors. The calibration's
/// own keys are left to `capture::profile::parse`.
pub fn parse_settings(text: &str, path: &Path) -> Result<PlayerSettings, ProfileError> {
    toml::from_str(text).map_err(|err| ProfileError::Format {
        path: path.to_owned(),
        message: err.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_read_beside_a_calibration_and_bad_ones_name_the_file() {
        let path = Path::new("profile.toml");
        let text = "tile_width = 24.0\n[hotkeys]\nheat = \"ctrl+shift+m\"\n\
                    [game]\nfirst_click = \"zero\"\n";
        let settings = parse_settings(text, path).unwrap();
        assert_eq!(settings.game.first_click, Some(FirstClick::Zero));
        assert_eq!(settings.hotkeys.heat, "ctrl+shift+m");
        assert_eq!(parse_settings("", path).unwrap(), PlayerSettings::default());
        let err = parse_settings("[game]\nfirst_click = \"sometimes\"", path).unwrap_err();
        assert!(err.to_string().contains("profile.toml"), "{err}");
    }
}
