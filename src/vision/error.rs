//! What can go wrong between an image file and a board, each failure naming its cause.

use std::path::PathBuf;

/// A failure to read a board from an image.
#[derive(Debug, thiserror::Error)]
pub enum VisionError {
    /// The file could not be opened or read.
    #[error("cannot read {path}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The bytes are not an image format we decode (PNG, JPEG, GIF).
    #[error("{path}: not a PNG, JPEG or GIF image")]
    UnknownFormat { path: PathBuf },
    /// The header promises more pixels than we accept; nothing was decoded.
    #[error(
        "{path}: image is {width}x{height}; the largest accepted is {side}x{side} and {mpx} \
         million pixels in all (crop the screenshot to the game)",
        side = super::load::MAX_SIDE,
        mpx = super::load::MAX_PIXELS / 1_000_000
    )]
    TooLarge {
        path: PathBuf,
        width: u32,
        height: u32,
    },
    /// Decoding would take more memory than we allow.
    #[error("{path}: image too large to decode within the memory limit ({message})")]
    OverLimit { path: PathBuf, message: String },
    /// The image has no pixels.
    #[error("{path}: image is empty ({width}x{height})")]
    Empty {
        path: PathBuf,
        width: u32,
        height: u32,
    },
    /// The file is damaged or cut short.
    #[error("{path}: damaged or truncated image: {message}")]
    Corrupt { path: PathBuf, message: String },
    /// No tile grid was found.
    #[error("no Minesweeper board found in the image{hint}")]
    NoBoard { hint: String },
    /// A grid was found but its tiles do not read as a position of a game: a skin this reader
    /// cannot make out, or something that is not a Minesweeper board.
    #[error("{0}")]
    Unreadable(String),
    /// A region or tile width given by the user does not fit the image.
    #[error("{0}")]
    BadOverride(String),
    /// The tile classifier could not be loaded or run.
    #[error("tile classifier: {0}")]
    Model(String),
}

impl VisionError {
    /// The machine-readable kind used in `{"error": {"kind": …}}`.
    pub fn kind(&self) -> &'static str {
        match self {
            VisionError::Io { .. }
            | VisionError::UnknownFormat { .. }
            | VisionError::TooLarge { .. }
            | VisionError::OverLimit { .. }
            | VisionError::Empty { .. }
            | VisionError::Corrupt { .. } => "bad_image",
            VisionError::NoBoard { .. } | VisionError::Unreadable(_) => "no_board",
            VisionError::BadOverride(_) => "bad_region",
            VisionError::Model(_) => "bad_model",
        }
    }
}
