//! Files of the kinds beside `variants.ini` that every editor's test opens (issue 52): an
//! Interactive Diagram whose line 2 has a broken string (`x` at the end of `fmWx`) and whose
//! line 3 is the Shatranj pawn, and a C/CIF file whose line 2 defines `Nx`.

use std::path::Path;

pub const HOST_FILES: [(&str, &str); 2] = [
    (
        "pieces.diagram",
        "files=8 ranks=8\nwazir:W:fmWx:wazir:d1\npawn:P:fmWfcF:pawn:a2-h2\n",
    ),
    (
        "pieces.cif",
        "<?xml version=\"1.0\"?>\n<game name=\"t\" pieces=\"N|Knight|=Nx B|Bishop|=B0\"/>\n",
    ),
];

/// Writes the files into `folder`.
pub fn write(folder: &Path) {
    for (name, text) in HOST_FILES {
        std::fs::write(folder.join(name), text).expect("writes the file");
    }
}
