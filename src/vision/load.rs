//! Reading an image file: the format is sniffed from the bytes, and the size is checked from the
//! header before any pixel is decoded, so a hostile file (a "decompression bomb": a few hundred
//! kilobytes that decode to gigabytes) cannot make us allocate more than a few hundred megabytes.

use super::VisionError;
use image::{DynamicImage, ImageDecoder, ImageError, ImageReader, Limits, RgbImage};
use std::fs::File;
use std::io::{BufRead, BufReader, Cursor, Seek};
use std::path::Path;

/// The largest accepted width or height, in pixels (a 16K display is 15360 wide).
pub const MAX_SIDE: u32 = 16384;

/// The most pixels accepted in all: 8192 x 8192, more than two 8K displays side by side
/// (7680 x 4320 each). Reading time and memory grow with the pixel count (about 0.6 s and
/// 400 MB for an 8000 x 8000 picture), so this bounds both.
pub const MAX_PIXELS: u64 = 1 << 26;

/// The most bytes a decoder may allocate: the decoded picture at its widest (16-bit RGBA of
/// [`MAX_PIXELS`] is exactly this), before it is converted to 8-bit RGB.
const MAX_DECODE_BYTES: u64 = MAX_PIXELS * 8;

/// Decodes `path` into 8-bit RGB, refusing unknown formats, empty images, images larger than
/// [`MAX_SIDE`] on a side or [`MAX_PIXELS`] in all, and damaged files, each with its own error.
pub fn load_image(path: &Path) -> Result<RgbImage, VisionError> {
    let io = |source| VisionError::Io {
        path: path.to_owned(),
        source,
    };
    let file = File::open(path).map_err(io)?;
    decode(BufReader::new(file), path)
}

/// [`load_image`] for a file already in memory; `path` only names it in errors.
pub fn decode_image(bytes: &[u8], path: &Path) -> Result<RgbImage, VisionError> {
    decode(Cursor::new(bytes), path)
}

fn decode<R: BufRead + Seek>(reader: R, path: &Path) -> Result<RgbImage, VisionError> {
    let reader = ImageReader::new(reader)
        .with_guessed_format()
        .map_err(|source| VisionError::Io {
            path: path.to_owned(),
            source,
        })?;
    if reader.format().is_none() {
        return Err(VisionError::UnknownFormat {
            path: path.to_owned(),
        });
    }
    let mut decoder = reader
        .into_decoder()
        .map_err(|err| decode_error(path, err))?;
    // The header alone gives the dimensions; nothing is decoded before they are checked.
    let (width, height) = decoder.dimensions();
    if width == 0 || height == 0 {
        return Err(VisionError::Empty {
            path: path.to_owned(),
            width,
            height,
        });
    }
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(VisionError::TooLarge {
            path: path.to_owned(),
            width,
            height,
        });
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    // As `ImageReader::decode` does: refuse a buffer above the allocation limit up front.
    limits
        .reserve(decoder.total_bytes())
        .and_then(|()| decoder.set_limits(limits))
        .map_err(|err| decode_error(path, err))?;
    let image = DynamicImage::from_decoder(decoder).map_err(|err| decode_error(path, err))?;
    Ok(image.into_rgb8())
}

fn decode_error(path: &Path, err: ImageError) -> VisionError {
    match err {
        ImageError::IoError(source) if source.kind() != std::io::ErrorKind::UnexpectedEof => {
            VisionError::Io {
                path: path.to_owned(),
                source,
            }
        }
        ImageError::Unsupported(_) => VisionError::UnknownFormat {
            path: path.to_owned(),
        },
        // The pixel count was checked from the header, so only a decoder needing far more memory
        // than its pixels (a format's own overhead) gets here: too large all the same.
        ImageError::Limits(err) => VisionError::OverLimit {
            path: path.to_owned(),
            message: err.to_string(),
        },
        other => VisionError::Corrupt {
            path: path.to_owned(),
            message: other.to_string(),
        },
    }
}
