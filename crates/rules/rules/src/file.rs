//! Reading a file a user names: bounded before it is read. Variant files, weights files, game
//! records and PGNs all come through [`read_text_file`], so a device (`/dev/zero`), a pipe, a
//! directory or a file of gigabytes gets a one-line error instead of exhausting memory or
//! blocking forever.

use std::io::Read;
use std::path::Path;

/// Why a file was not read. The message does not name the file: the caller says which it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    #[error("no such file")]
    /// Nothing at that path.
    NotFound,
    #[error("is a directory, not a {what}")]
    /// A directory stands at that path.
    Directory {
        /// What the file was to be ("variant file").
        what: &'static str,
    },
    /// A pipe, a socket or a device: opening a pipe would wait for a writer, reading a device
    /// may never end.
    #[error("is not a regular file (a pipe or a device?), not a {what}")]
    NotRegular {
        /// What the file was to be.
        what: &'static str,
    },
    #[error("is larger than {max} bytes, the most a {what} may have")]
    /// The file holds more than `max` bytes.
    TooLarge {
        /// The most bytes allowed.
        max: u64,
        /// What the file was to be.
        what: &'static str,
    },
    #[error("is not UTF-8 text (byte {0})")]
    /// The bytes are not UTF-8: the offset of the first bad one.
    NotUtf8(usize),
    #[error("{0}")]
    /// Another I/O failure, as the system words it.
    Io(String),
}

/// The text of the regular file at `path` (a `what`, for the messages: "variant file"), of at most
/// `max_bytes` bytes. The size is checked from the file's metadata before it is opened and again
/// while it is read (it may grow in between), so no more than `max_bytes + 1` bytes are ever read.
///
/// # Errors
/// A missing file, a directory, anything but a regular file, a file larger than `max_bytes`, text
/// that is not UTF-8, or an error of the operating system.
///
/// ```
/// use messhall_rules::file::{FileError, read_text_file};
/// let dir = std::env::temp_dir();
/// assert!(matches!(read_text_file(&dir, 10, "record"), Err(FileError::Directory { .. })));
/// ```
pub fn read_text_file(path: &Path, max_bytes: u64, what: &'static str) -> Result<String, FileError> {
    let io = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::NotFound => FileError::NotFound,
        _ => FileError::Io(e.to_string()),
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if meta.is_dir() {
        return Err(FileError::Directory { what });
    }
    if !meta.is_file() {
        return Err(FileError::NotRegular { what });
    }
    let too_large = FileError::TooLarge { max: max_bytes, what };
    if meta.len() > max_bytes {
        return Err(too_large);
    }
    let file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(max_bytes.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > max_bytes {
        return Err(too_large);
    }
    String::from_utf8(bytes).map_err(|e| FileError::NotUtf8(e.utf8_error().valid_up_to()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let path = std::env::temp_dir().join(format!("messhall-file-{}-{name}", std::process::id()));
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn a_file_within_the_cap_is_read() {
        let path = temp("ok", b"name = \"x\"\n");
        assert_eq!(read_text_file(&path, 11, "variant file").unwrap(), "name = \"x\"\n");
        assert_eq!(
            read_text_file(&path, 10, "variant file"),
            Err(FileError::TooLarge {
                max: 10,
                what: "variant file"
            })
        );
        std::fs::write(&path, [0xff, 0xfe]).unwrap();
        assert_eq!(read_text_file(&path, 10, "record"), Err(FileError::NotUtf8(0)));
        std::fs::remove_file(&path).unwrap();
        assert_eq!(read_text_file(&path, 10, "record"), Err(FileError::NotFound));
    }

    #[cfg(unix)]
    #[test]
    fn devices_are_refused_unread() {
        // /dev/zero never ends: it must be refused from its metadata, not read to the cap.
        let e = read_text_file(Path::new("/dev/zero"), u64::MAX, "record").unwrap_err();
        assert_eq!(e, FileError::NotRegular { what: "record" });
        assert_eq!(
            e.to_string(),
            "is not a regular file (a pipe or a device?), not a record"
        );
    }
}
