//! Reading an image file: the format is sniffed from the bytes, and the size is checked from the
//! header before any pixel is decoded, so a hostile file cannot make us allocate gigabytes.

use super::VisionError;
use image::{DynamicImage, ImageDecoder, ImageError, ImageReader, Limits, RgbImage};
use std::fs::File;
use std::io::BufReader;
use std::path::Path;

/// The largest accepted width or height, in pixels (a 16K display is 15360 wide).
pub const MAX_SIDE: u32 = 16384;

/// Decodes `path` into 8-bit RGB, refusing unknown formats, empty images, images larger than
/// [`MAX_SIDE`] on a side, and damaged files, each with its own error.
pub fn load_image(path: &Path) -> Result<RgbImage, VisionError> {
    let mut decoder = open(path)?
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
    if width > MAX_SIDE || height > MAX_SIDE {
        return Err(VisionError::TooLarge {
            path: path.to_owned(),
            width,
            height,
            max: MAX_SIDE,
        });
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    // As `ImageReader::decode` does: refuse a buffer above the allocation limit up front.
    limits
        .reserve(decoder.total_bytes())
        .and_then(|()| decoder.set_limits(limits))
        .map_err(|err| decode_error(path, err))?;
    let image = DynamicImage::from_decoder(decoder).map_err(|err| decode_error(path, err))?;
    Ok(image.into_rgb8())
}

/// A reader whose format was sniffed from the file's first bytes.
fn open(path: &Path) -> Result<ImageReader<BufReader<File>>, VisionError> {
    let io = |source| VisionError::Io {
        path: path.to_owned(),
        source,
    };
    let file = File::open(path).map_err(io)?;
    let reader = ImageReader::new(BufReader::new(file))
        .with_guessed_format()
        .map_err(io)?;
    if reader.format().is_none() {
        return Err(VisionError::UnknownFormat {
            path: path.to_owned(),
        });
    }
    Ok(reader)
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
        other => VisionError::Corrupt {
            path: path.to_owned(),
            message: other.to_string(),
        },
    }
}
