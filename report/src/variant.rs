//! The builds compared: which halves of the boundary are on, how many user functions
//! the fixture has, which profile.

use std::fmt;

/// Which halves of the boundary a build keeps (the features `seam-tensor/outline-off`
/// and `seam-tensor/opaque-off` turn them off).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variant {
    /// `#[outline]` helpers compiled once in `seam-tensor` (else `#[inline]`).
    pub outline: bool,
    /// `#[opaque]` storage type-erased (else a plain field).
    pub opaque: bool,
}

impl Variant {
    /// The boundary as users get it.
    pub const ON: Variant = Variant {
        outline: true,
        opaque: true,
    };
    /// No boundary at all.
    pub const OFF: Variant = Variant {
        outline: false,
        opaque: false,
    };
    /// The four combinations, the boundary on first.
    pub const ALL: [Variant; 4] = [
        Variant::ON,
        Variant {
            outline: false,
            opaque: true,
        },
        Variant {
            outline: true,
            opaque: false,
        },
        Variant::OFF,
    ];

    /// The features of `seam-tensor` that build this variant.
    pub fn features(self) -> Vec<String> {
        let mut features = Vec::new();
        if !self.outline {
            features.push("seam-tensor/outline-off".to_string());
        }
        if !self.opaque {
            features.push("seam-tensor/opaque-off".to_string());
        }
        features
    }

    /// A short name, also the name of its target dir.
    pub fn name(self) -> &'static str {
        match (self.outline, self.opaque) {
            (true, true) => "on",
            (false, true) => "outline-off",
            (true, false) => "opaque-off",
            (false, false) => "off",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let word = |on: bool| if on { "on" } else { "off" };
        write!(f, "outline {}, opaque {}", word(self.outline), word(self.opaque))
    }
}

/// A cargo profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Profile {
    /// `--release`.
    Release,
    /// The dev profile.
    Dev,
}

impl Profile {
    /// Whether this is `--release`.
    pub fn is_release(self) -> bool {
        self == Profile::Release
    }

    /// The name cargo gives it.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Release => "release",
            Profile::Dev => "dev",
        }
    }
}

/// The fixture's size feature for `functions` user functions (16 is the default).
///
/// # Panics
///
/// If the fixture has no such size.
pub fn size_features(functions: usize) -> Vec<String> {
    match functions {
        16 => vec![],
        64 => vec!["seam-fixture/fns-64".to_string()],
        256 => vec!["seam-fixture/fns-256".to_string()],
        other => panic!("the fixture has 16, 64 or 256 user functions, not {other}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn features_follow_the_switches() {
        assert!(Variant::ON.features().is_empty());
        assert_eq!(
            Variant::OFF.features(),
            ["seam-tensor/outline-off", "seam-tensor/opaque-off"]
        );
        let names: Vec<_> = Variant::ALL.iter().map(|v| v.name()).collect();
        assert_eq!(names, ["on", "outline-off", "opaque-off", "off"]);
    }
}
