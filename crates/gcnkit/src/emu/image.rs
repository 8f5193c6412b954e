//! Images (MIMG) and the typed element formats they share with the typed buffer accesses
//! (MUBUF `*_format_*`, MTBUF): one table of data formats, one of number formats, one
//! conversion each way. Sources: AMD's "Southern Islands", "Sea Islands", "GCN3" and "Vega"
//! ISA manuals (the T#/S# resource tables, the MIMG fields, the address VGPR order), the
//! formats as Mesa's radeonsi and LLVM's AMDGPU backend name them, and for the conversions
//! the OpenCL 1.2 specification §8.3 (the rules ROCm's image built-ins rely on the hardware
//! for). What the manuals leave open is said where it is decided (docs/emulator.md, *Images*).
//!
//! Model: every image is linear (rows of PITCH texels, slices of PITCH × HEIGHT texels; the
//! tiling fields are not read). Mip levels follow level 0 in gcnkit's own chain layout (AMD
//! does not document a linear one): level L starts at the next 256-byte boundary after level
//! L - 1 and has rows of its own width (level 0 keeps PITCH); [`mip_offset`].

use super::exec::EmuError;
use super::float::{f16_to_f32, f32_to_f16, f64_to_f16};
use super::vmem::{MemCtx, MemError};
use super::wave::Wave;
use crate::arch::Arch;
use crate::enc::F;
use crate::instr::Instr;
use crate::isa::{Flags, ImageOp, InstrDef, MemSem};

// ---------------------------------------------------------------------------------------------
// Formats

/// A number format (the manuals' BUF_NUM_FORMAT / IMG_NUM_FORMAT codes 0-7).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Num {
    Unorm,
    Snorm,
    Uscaled,
    Sscaled,
    Uint,
    Sint,
    Float,
}

impl Num {
    fn of(code: u32) -> Option<Num> {
        Some(match code {
            0 => Num::Unorm,
            1 => Num::Snorm,
            2 => Num::Uscaled,
            3 => Num::Sscaled,
            4 => Num::Uint,
            5 => Num::Sint,
            7 => Num::Float,
            // 6: SNORM_OGL (a different SNORM mapping), 8+: SRGB and others.
            _ => return None,
        })
    }

    /// Do the components read as floats (else as integers)?
    pub fn is_float(self) -> bool {
        !matches!(self, Num::Uint | Num::Sint)
    }
}

/// The data formats (codes 1-19 of the manuals' DATA_FORMAT tables; 1-14 are shared by
/// buffers and images, 16-19 are image-only): component widths in bits from bit 0 up, X
/// first. The manuals name packed formats from the most significant component down
/// (`10_11_11` has X in bits 0-10, Y in 11-21, Z in 22-31: Mesa's R11G11B10_FLOAT), so the
/// widths here are the name reversed.
const DATA_FORMATS: [(u32, &[u8]); 18] = [
    (1, &[8]),
    (2, &[16]),
    (3, &[8, 8]),
    (4, &[32]),
    (5, &[16, 16]),
    (6, &[11, 11, 10]),
    (7, &[10, 11, 11]),
    (8, &[2, 10, 10, 10]),
    (9, &[10, 10, 10, 2]),
    (10, &[8, 8, 8, 8]),
    (11, &[32, 32]),
    (12, &[16, 16, 16, 16]),
    (13, &[32, 32, 32]),
    (14, &[32, 32, 32, 32]),
    (16, &[5, 6, 5]),
    (17, &[5, 5, 5, 1]),
    (18, &[1, 5, 5, 5]),
    (19, &[4, 4, 4, 4]),
];

/// A typed element: its components' widths and number format.
#[derive(Clone, Copy, Debug)]
pub struct Format {
    pub widths: &'static [u8],
    pub num: Num,
}

impl Format {
    /// The format of codes `dfmt`/`nfmt`, or why it is not modelled. `image`: the image
    /// table (formats 16-19 exist there only).
    pub fn of(dfmt: u32, nfmt: u32, image: bool) -> Result<Format, String> {
        let widths = DATA_FORMATS
            .iter()
            .find(|(c, _)| *c == dfmt && (image || *c <= 14))
            .map(|(_, w)| *w)
            .ok_or_else(|| format!("data format {dfmt} is not modelled"))?;
        let num = Num::of(nfmt).ok_or_else(|| format!("number format {nfmt} is not modelled"))?;
        let ok = widths.iter().all(|&b| match num {
            // Normalised and scaled 32-bit components are not formats the manuals list.
            Num::Unorm | Num::Snorm | Num::Uscaled | Num::Sscaled => b < 32,
            Num::Uint | Num::Sint => true,
            // f32, f16, and the unsigned 11/10-bit floats of the packed formats.
            Num::Float => matches!((b, widths.len()), (32, _) | (16, _) | (11 | 10, 3)),
        });
        if !ok {
            return Err(format!("number format {nfmt} with data format {dfmt} is not modelled"));
        }
        Ok(Format { widths, num })
    }

    /// Channel `c`'s VGPR value `v` (f32 bits; a channel the format lacks: a constant) as
    /// D16 data: the f16 nearest the exact value. A normalised channel's integer is
    /// recovered from its f32 first, so the value is rounded once (two UNORM16 values round
    /// differently through f32).
    pub fn half(&self, c: usize, v: u32) -> u32 {
        let f = f32::from_bits(v) as f64;
        let n = self.widths.get(c).copied().unwrap_or(8);
        let exact = match self.num {
            Num::Unorm => {
                let m = ((1u64 << n) - 1) as f64;
                (f * m).round() / m
            }
            Num::Snorm => {
                let m = ((1u64 << (n - 1)) - 1) as f64;
                ((f * m).round() / m).max(-1.0)
            }
            _ => f,
        };
        f64_to_f16(exact)
    }

    /// Bytes of one element.
    pub fn bytes(&self) -> usize {
        self.widths.iter().map(|&b| b as usize).sum::<usize>() / 8
    }

    /// The components of an element (`raw`, little-endian, [`Format::bytes`] long) as
    /// 32-bit VGPR values: floats for UNORM, SNORM, the scaled and FLOAT formats, integers
    /// for UINT/SINT. Components the format lacks read 0, except W: 1 (1.0).
    pub fn read(&self, raw: &[u8]) -> [u32; 4] {
        let one = if self.num.is_float() { 1.0f32.to_bits() } else { 1 };
        let mut out = [0, 0, 0, one];
        let mut at = 0usize;
        for (c, &b) in self.widths.iter().enumerate() {
            out[c] = decode(self.num, b, bits(raw, at, b));
            at += b as usize;
        }
        out
    }

    /// Writes the components of `v` whose bit is set in `present` into the element `raw`
    /// (the others keep their bits).
    pub fn write(&self, raw: &mut [u8], v: &[u32; 4], present: u8) -> Result<(), String> {
        let mut at = 0usize;
        for (c, &b) in self.widths.iter().enumerate() {
            if present >> c & 1 != 0 {
                set_bits(raw, at, b, encode(self.num, b, v[c])?);
            }
            at += b as usize;
        }
        Ok(())
    }
}

/// `n` bits of `raw` from bit `at` (little-endian).
fn bits(raw: &[u8], at: usize, n: u8) -> u32 {
    let mut v = 0u64;
    for k in 0..(n as usize).div_ceil(8) + 1 {
        let byte = (at / 8 + k).min(raw.len().saturating_sub(1));
        if at / 8 + k < raw.len() {
            v |= (raw[byte] as u64) << (8 * k);
        }
    }
    ((v >> (at % 8)) & ((1u64 << n) - 1)) as u32
}

fn set_bits(raw: &mut [u8], at: usize, n: u8, x: u32) {
    for k in 0..n as usize {
        let (byte, bit) = ((at + k) / 8, (at + k) % 8);
        if let Some(b) = raw.get_mut(byte) {
            *b = (*b & !(1 << bit)) | (((x >> k) & 1) as u8) << bit;
        }
    }
}

/// An `n`-bit component to its VGPR value. UNORM: `c / (2^n - 1)`, SNORM:
/// `max(c / (2^(n-1) - 1), -1)` (OpenCL 1.2 §8.3.1.1; the f64 quotient of integers below 2^16 rounds to the
/// correctly rounded f32: no quotient comes within 2^-53 of an f32 midpoint), the scaled
/// formats the integer as a float, UINT/SINT zero- or sign-extended, FLOAT f32, f16 or the
/// unsigned 11/10-bit floats (5-bit exponent), all exact.
fn decode(num: Num, n: u8, c: u32) -> u32 {
    let signed = || ((c << (32 - n)) as i32 >> (32 - n)) as i64;
    match num {
        Num::Unorm => ((c as f64 / ((1u64 << n) - 1) as f64) as f32).to_bits(),
        Num::Snorm => ((signed() as f64 / ((1u64 << (n - 1)) - 1) as f64).max(-1.0) as f32).to_bits(),
        Num::Uscaled => (c as f32).to_bits(),
        Num::Sscaled => (signed() as f32).to_bits(),
        Num::Uint => c,
        Num::Sint => signed() as u32,
        Num::Float => match n {
            32 => c,
            16 => f16_to_f32(c).to_bits(),
            _ => small_float(c, n - 5),
        },
    }
}

/// An unsigned float of a 5-bit exponent (bias 15) and `m` mantissa bits, as f32 bits.
fn small_float(c: u32, m: u8) -> u32 {
    let (e, f) = (c >> m & 31, c & ((1 << m) - 1));
    match e {
        0 => ((f as f32) * 2f32.powi(-14 - m as i32)).to_bits(),
        31 if f == 0 => f32::INFINITY.to_bits(),
        31 => 0x7fc0_0000 | f << (23 - m),
        _ => (e + 112) << 23 | f << (23 - m),
    }
}

/// A VGPR value to an `n`-bit component. UNORM: clamp to [0, 1] (NaN to 0), then
/// `x * (2^n - 1)` rounded to the nearest integer, ties to even; SNORM likewise on [-1, 1]
/// with `2^(n-1) - 1` (OpenCL 1.2 §8.3.1.1: `convert_uchar_sat_rte(f * 255.0f)`, D3D's
/// FLOAT -> UNORM rule); UINT/SINT saturate to the component's range (OpenCL's
/// `convert_uchar_sat` for `write_imageui`); f16 rounds to nearest even. The scaled formats
/// and the small packed floats are refused: no rule is documented for them.
fn encode(num: Num, n: u8, x: u32) -> Result<u32, String> {
    let f = f32::from_bits(x) as f64;
    let rne = |v: f64| v.round_ties_even() as u32;
    Ok(match num {
        Num::Unorm => rne(if f.is_nan() { 0.0 } else { f.clamp(0.0, 1.0) } * ((1u64 << n) - 1) as f64),
        Num::Snorm => {
            let m = ((1u64 << (n - 1)) - 1) as f64;
            (rne_signed(if f.is_nan() { 0.0 } else { f.clamp(-1.0, 1.0) } * m) as u32) & mask(n)
        }
        Num::Uint => x.min(mask(n)),
        Num::Sint => {
            let (lo, hi) = (-(1i64 << (n - 1)), (1i64 << (n - 1)) - 1);
            ((x as i32 as i64).clamp(lo, hi) as u32) & mask(n)
        }
        Num::Float if n == 32 => x,
        Num::Float if n == 16 => f32_to_f16(f32::from_bits(x)),
        _ => {
            return Err(format!(
                "a typed store to a {n}-bit {num:?} component (no conversion rule is documented)"
            ))
        }
    })
}

fn rne_signed(v: f64) -> i64 {
    v.round_ties_even() as i64
}

fn mask(n: u8) -> u32 {
    if n >= 32 {
        u32::MAX
    } else {
        (1 << n) - 1
    }
}

// ---------------------------------------------------------------------------------------------
// Resources

/// The image types of a T#'s TYPE field (SQ_RSRC_IMG_*): 8 1D, 9 2D, 10 3D, 11 cube, 12 1D
/// array, 13 2D array, 14/15 multisampled.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dim {
    D1,
    D2,
    D3,
    D1Array,
    D2Array,
}

impl Dim {
    /// Coordinates the address VGPRs hold: (texel axes, an array slice after them).
    fn coords(self) -> (usize, bool) {
        match self {
            Dim::D1 => (1, false),
            Dim::D2 => (2, false),
            Dim::D3 => (3, false),
            Dim::D1Array => (1, true),
            Dim::D2Array => (2, true),
        }
    }
}

/// A bit field of a resource descriptor: dword, first bit, width.
#[derive(Clone, Copy)]
struct Fld(usize, u32, u32);

/// The T# fields the model reads (and the host writes: [`image_object`]), from the manuals'
/// image resource tables. GCN 1.0-1.2 keep a 14-bit PITCH in word 4 and LAST_ARRAY in word 5;
/// GCN 1.4 has a 16-bit PITCH and the last array slice in DEPTH (ROCm's device library reads
/// the array size there on gfx9).
mod t {
    use super::Fld;
    pub const BASE_LO: Fld = Fld(0, 0, 32); // address bits 8-39
    pub const BASE_HI: Fld = Fld(1, 0, 8); // address bits 40-47
    pub const DATA_FORMAT: Fld = Fld(1, 20, 6);
    pub const NUM_FORMAT: Fld = Fld(1, 26, 4);
    pub const WIDTH: Fld = Fld(2, 0, 14); // width - 1
    pub const HEIGHT: Fld = Fld(2, 14, 14); // height - 1
    pub const DST_SEL: [Fld; 4] = [Fld(3, 0, 3), Fld(3, 3, 3), Fld(3, 6, 3), Fld(3, 9, 3)];
    pub const BASE_LEVEL: Fld = Fld(3, 12, 4);
    pub const LAST_LEVEL: Fld = Fld(3, 16, 4);
    pub const TYPE: Fld = Fld(3, 28, 4);
    pub const DEPTH: Fld = Fld(4, 0, 13); // depth - 1 (GCN 1.4: also the last array slice)
    pub const PITCH: Fld = Fld(4, 13, 14); // pitch - 1, texels
    pub const PITCH_GFX9: Fld = Fld(4, 13, 16);
    pub const BASE_ARRAY: Fld = Fld(5, 0, 13);
    pub const LAST_ARRAY: Fld = Fld(5, 13, 13);
}

/// The S# fields: CLAMP_X/Y/Z, FORCE_UNNORMALIZED, MIN_LOD and MAX_LOD (u4.8), LOD_BIAS
/// (s5.8), the XY magnification and minification filters, Z_FILTER, MIP_FILTER,
/// BORDER_COLOR_TYPE.
mod ss {
    use super::Fld;
    pub const CLAMP: [Fld; 3] = [Fld(0, 0, 3), Fld(0, 3, 3), Fld(0, 6, 3)];
    pub const FORCE_UNNORMALIZED: Fld = Fld(0, 15, 1);
    pub const MIN_LOD: Fld = Fld(1, 0, 12);
    pub const MAX_LOD: Fld = Fld(1, 12, 12);
    pub const LOD_BIAS: Fld = Fld(2, 0, 14);
    pub const MIP_FILTER: Fld = Fld(2, 26, 2);
    pub const XY_MAG_FILTER: Fld = Fld(2, 20, 2);
    pub const XY_MIN_FILTER: Fld = Fld(2, 22, 2);
    pub const Z_FILTER: Fld = Fld(2, 24, 2);
    pub const BORDER_COLOR_TYPE: Fld = Fld(3, 30, 2);
}

impl Fld {
    fn get(self, d: &[u32]) -> u32 {
        (d[self.0] >> self.1) & mask(self.2 as u8)
    }

    fn put(self, d: &mut [u32], v: u32) {
        let m = mask(self.2 as u8) << self.1;
        d[self.0] = (d[self.0] & !m) | (v << self.1 & m);
    }
}

/// An image resource (T#), the fields the model reads.
#[derive(Clone)]
struct Tsharp {
    base: u64,
    format: Format,
    size: [u32; 3],
    pitch: u64,
    /// DST_SEL_X..W: 0 → 0, 1 → 1, 4..7 → component X..W.
    dst_sel: [u32; 4],
    dim: Dim,
    /// Array slices BASE_ARRAY..=LAST_ARRAY.
    base_array: u32,
    last_array: u32,
    /// Mip levels BASE_LEVEL..=LAST_LEVEL (sizes and base are level 0's).
    base_level: u32,
    last_level: u32,
}

impl Tsharp {
    /// The T# in the eight SGPRs from `code`.
    fn of(w: &Wave, code: usize) -> Result<Tsharp, String> {
        let d: [u32; 8] = std::array::from_fn(|k| w.s[(code + k) & 127]);
        let g = |f: Fld| f.get(&d);
        let format = Format::of(g(t::DATA_FORMAT), g(t::NUM_FORMAT), true)?;
        let dim = match g(t::TYPE) {
            8 => Dim::D1,
            9 => Dim::D2,
            10 => Dim::D3,
            12 => Dim::D1Array,
            13 => Dim::D2Array,
            ty => {
                return Err(format!(
                    "image type {ty} (cube, multisampled or not an image) is not modelled"
                ))
            }
        };
        if g(t::BASE_LEVEL) > g(t::LAST_LEVEL) {
            return Err("a T# whose BASE_LEVEL is above its LAST_LEVEL".into());
        }
        let gfx9 = w.arch.is_gcn14();
        let width = g(t::WIDTH) + 1;
        let height = if matches!(dim, Dim::D2 | Dim::D3 | Dim::D2Array) {
            g(t::HEIGHT) + 1
        } else {
            1
        };
        let depth = if dim == Dim::D3 { g(t::DEPTH) + 1 } else { 1 };
        let pitch = g(if gfx9 { t::PITCH_GFX9 } else { t::PITCH }) as u64 + 1;
        Ok(Tsharp {
            base: (g(t::BASE_LO) as u64 | (g(t::BASE_HI) as u64) << 32) << 8,
            format,
            size: [width, height, depth],
            pitch: pitch.max(width as u64),
            dst_sel: t::DST_SEL.map(g),
            dim,
            base_array: g(t::BASE_ARRAY),
            last_array: g(if gfx9 { t::DEPTH } else { t::LAST_ARRAY }),
            base_level: g(t::BASE_LEVEL),
            last_level: g(t::LAST_LEVEL),
        })
    }

    /// Mip level `l` as an image of its own: its size, rows of its own width (level 0 keeps
    /// PITCH), its place in the chain ([`mip_offset`]).
    fn level(&self, l: u32) -> Tsharp {
        if l == 0 {
            return self.clone();
        }
        let layers = if self.arrayed() { self.last_array as u64 + 1 } else { 1 };
        let axes = self.dim.coords().0;
        let size = mip_size(self.size, l, axes);
        Tsharp {
            base: self.base + mip_offset(self.size, self.pitch, layers, self.format.bytes() as u64, axes, l),
            size,
            pitch: size[0] as u64,
            ..self.clone()
        }
    }

    fn arrayed(&self) -> bool {
        matches!(self.dim, Dim::D1Array | Dim::D2Array)
    }

    /// Slices an array index may address.
    fn slices(&self) -> u32 {
        self.last_array.saturating_sub(self.base_array) + 1
    }

    /// The address of texel `(x, y, z)` (z: the depth or array slice), all in range.
    fn texel(&self, x: u32, y: u32, z: u32) -> u64 {
        let z = if self.arrayed() { self.base_array + z } else { z } as u64;
        let rows = z * self.size[1] as u64 + y as u64;
        self.base + (rows * self.pitch + x as u64) * self.format.bytes() as u64
    }

    /// The channels after DST_SEL (VGPR values).
    fn swizzle(&self, c: [u32; 4]) -> [u32; 4] {
        let one = if self.format.num.is_float() {
            1.0f32.to_bits()
        } else {
            1
        };
        self.swizzle_as(c, 0, one)
    }

    /// DST_SEL over any kind of channel value, with the constants `zero` and `one`.
    fn swizzle_as<T: Copy>(&self, c: [T; 4], zero: T, one: T) -> [T; 4] {
        self.dst_sel.map(|s| match s {
            1 => one,
            4..=7 => c[s as usize - 4],
            _ => zero,
        })
    }

    /// A swizzled component `k`'s VGPR value as D16 data ([`Format::half`]).
    fn half(&self, k: usize, v: u32) -> u32 {
        match self.dst_sel[k] {
            s @ 4..=7 => self.format.half(s as usize - 4, v),
            _ => self.format.half(4, v),
        }
    }
}

/// The size of mip level `l` of an image of level-0 size `size` with `axes` texel axes: each
/// of them halved `l` times, at least 1.
fn mip_size(size: [u32; 3], l: u32, axes: usize) -> [u32; 3] {
    std::array::from_fn(|a| if a < axes { (size[a] >> l).max(1) } else { size[a] })
}

/// Where mip level `l` starts, in bytes from level 0 (the model's chain, which the HIP
/// runtime's mipmapped arrays are laid out by): the levels before it, each `layers` slices
/// (or its depth) of rows of its width (level 0: `pitch` texels) of `texel` bytes, each
/// started at the next 256-byte boundary.
pub fn mip_offset(size: [u32; 3], pitch: u64, layers: u64, texel: u64, axes: usize, l: u32) -> u64 {
    (0..l).fold(0u64, |at, k| {
        let [w, h, d] = mip_size(size, k, axes);
        let row = if k == 0 { pitch } else { w as u64 };
        (at + row * h as u64 * d as u64 * layers * texel).next_multiple_of(256)
    })
}

/// A sampler (S#). clang's constant samplers show the encoding: CLK_ADDRESS_REPEAT 0 (wrap),
/// MIRRORED_REPEAT 1, CLAMP_TO_EDGE 2 (clamp to the last texel), CLAMP and NONE 6 (border);
/// CLK_FILTER_LINEAR sets both XY filters to 1 (bilinear).
struct Ssharp {
    clamp: [u32; 3],
    unnormalized: bool,
    mag_linear: bool,
    min_linear: bool,
    /// Z_FILTER: 0 none (the XY filter), 1 point, 2 linear.
    z_filter: u32,
    /// MIP_FILTER: 0 none (the base level), 1 point, 2 linear.
    mip_filter: u32,
    /// MIN_LOD, MAX_LOD and LOD_BIAS as numbers.
    min_lod: f64,
    max_lod: f64,
    lod_bias: f64,
    border: u32,
}

impl Ssharp {
    fn of(w: &Wave, code: usize) -> Ssharp {
        let d: [u32; 4] = std::array::from_fn(|k| w.s[(code + k) & 127]);
        let g = |f: Fld| f.get(&d);
        // XY filters: 0 point, 1 bilinear, 2/3 their anisotropic forms.
        Ssharp {
            clamp: ss::CLAMP.map(g),
            unnormalized: g(ss::FORCE_UNNORMALIZED) != 0,
            mag_linear: g(ss::XY_MAG_FILTER) & 1 != 0,
            min_linear: g(ss::XY_MIN_FILTER) & 1 != 0,
            z_filter: g(ss::Z_FILTER),
            mip_filter: g(ss::MIP_FILTER),
            min_lod: g(ss::MIN_LOD) as f64 / 256.0,
            max_lod: g(ss::MAX_LOD) as f64 / 256.0,
            lod_bias: ((g(ss::LOD_BIAS) as i32) << 18 >> 18) as f64 / 256.0,
            border: g(ss::BORDER_COLOR_TYPE),
        }
    }
}

/// Where an integer texel index `i` of an axis of `n` texels goes under clamp mode `mode`
/// (SQ_TEX_CLAMP: 0 wrap, 1 mirror, 2 clamp to the last texel, 3 mirror once then clamp,
/// 6 border, 7 mirror once then border; 4/5, the half-border modes, are refused).
/// `None`: the border colour.
fn address(i: i64, n: u32, mode: u32) -> Result<Option<u32>, String> {
    let n = n as i64;
    let once = |i: i64| if i < 0 { -1 - i } else { i };
    Ok(match mode {
        0 => Some(i.rem_euclid(n) as u32),
        1 => {
            let m = i.rem_euclid(2 * n);
            Some(if m >= n { 2 * n - 1 - m } else { m } as u32)
        }
        2 => Some(i.clamp(0, n - 1) as u32),
        3 => Some(once(i).min(n - 1) as u32),
        6 => (0..n).contains(&i).then_some(i as u32),
        7 => (once(i) < n).then_some(once(i) as u32),
        m => return Err(format!("sampler clamp mode {m} (half border) is not modelled")),
    })
}

/// A texel-space coordinate on the sampler's fixed-point grid: 1/256 of a texel, rounded to
/// nearest (the hardware's sub-texel precision is 8 bits; AMD does not document the rounding,
/// and ROCm's device library snaps nearest-filtered coordinates to texel corners because of
/// it). NaN counts as 0, infinities as far outside.
fn fixed(u: f64) -> f64 {
    if u.is_nan() {
        return 0.0;
    }
    (u.clamp(-1e12, 1e12) * 256.0).round_ties_even() / 256.0
}

// ---------------------------------------------------------------------------------------------
// MIMG

fn unsupported(d: &InstrDef, w: &Wave, what: &str) -> MemError {
    MemError::Emu(EmuError::Unsupported(format!("{}: {what}", d.name[w.arch.index()])))
}

#[inline]
fn vgpr(w: &Wave, r: usize, lane: usize) -> u32 {
    w.v.get(r).map_or(0, |row| row[lane])
}

#[inline]
fn set_vgpr(w: &mut Wave, r: usize, lane: usize, v: u32) {
    if let Some(row) = w.v.get_mut(r) {
        row[lane] = v;
        w.v_written[r] = true;
    }
}

fn read_texel(ctx: &mut MemCtx, t: &Tsharp, at: u64, lane: usize) -> Result<[u32; 4], MemError> {
    let mut raw = [0u8; 16];
    let n = t.format.bytes();
    super::vmem::read_bytes(ctx, at, &mut raw[..n], lane)?;
    Ok(t.format.read(&raw[..n]))
}

/// Per axis, the two texels a sample reads (`None`: the border) and their weights.
type Taps = [[(Option<u32>, f64); 2]; 3];

/// MIMG: image_load(_mip), image_store(_mip), image_sample (and its _l, _lz, _b, _cl, _d,
/// _cd and _o forms, no depth compare) and image_gather4 (same forms), per lane under EXEC.
pub fn mimg(w: &mut Wave, ctx: &mut MemCtx, i: &Instr, d: &'static InstrDef, m: MemSem) -> Result<(), MemError> {
    let MemSem::Image(op) = m else {
        return Err(unsupported(d, w, "not an image operation"));
    };
    if i.get(F::R128) != 0 {
        let what = if w.arch.is_gcn14() {
            "16-bit addresses (a16)"
        } else {
            "128-bit resources (r128)"
        };
        return Err(unsupported(d, w, &format!("{what} are not modelled")));
    }
    let t = Tsharp::of(w, (i.get(F::Srsrc) * 4) as usize).map_err(|e| unsupported(d, w, &e))?;
    // D16 (GCN 1.2+): 16-bit float data, one component per VGPR's low half on GCN 1.2, two
    // per VGPR on GCN 1.4 (LLVM's unpacked and packed D16).
    let d16 = w.arch != Arch::Gcn10 && w.arch != Arch::Gcn11 && i.get(F::D16) != 0;
    let packed = d16 && w.arch.is_gcn14();
    if d16 && !t.format.num.is_float() {
        return Err(unsupported(d, w, "d16 data of an integer format is not modelled"));
    }
    let dmask = i.get(F::Dmask) as u8;
    let vaddr = i.get(F::Vaddr) as usize;
    let vdata = i.get(F::Vdata) as usize;
    let flags = d.flags;
    let (axes, arrayed) = t.dim.coords();
    let exec = w.exec();
    let comps = if op == ImageOp::Gather {
        4
    } else {
        dmask.count_ones() as usize
    };
    let data_regs = if packed { comps.div_ceil(2) } else { comps };
    // A swizzled texel's components as data (f16 with D16).
    let data = |t: &Tsharp, c: [u32; 4]| -> [u32; 4] {
        if d16 {
            std::array::from_fn(|k| t.half(k, c[k]))
        } else {
            c
        }
    };
    match op {
        ImageOp::Load | ImageOp::Store => {
            let mip = flags.has(Flags::MIMG_L);
            for lane in (0..64).filter(|l| exec >> l & 1 != 0) {
                let c: [u32; 3] = std::array::from_fn(|k| {
                    if k < axes + arrayed as usize {
                        vgpr(w, vaddr + k, lane)
                    } else {
                        0
                    }
                });
                // The mip level: BASE_LEVEL plus the _mip forms' level VGPR.
                let level = if mip {
                    t.base_level
                        .saturating_add(vgpr(w, vaddr + axes + arrayed as usize, lane))
                } else {
                    t.base_level
                };
                let other;
                let tl = if level == 0 || level > t.last_level {
                    &t
                } else {
                    other = t.level(level);
                    &other
                };
                let limit = [tl.size[0], tl.size[1], if arrayed { tl.slices() } else { tl.size[2] }];
                let mut xyz = [0u32; 3];
                xyz[..axes].copy_from_slice(&c[..axes]);
                if arrayed {
                    xyz[2] = c[axes];
                }
                let inside = level <= t.last_level && (0..3).all(|k| xyz[k] < limit[k]);
                let at = tl.texel(xyz[0], xyz[1], xyz[2]);
                if op == ImageOp::Load {
                    // Out of range: the texel reads as 0 in every channel (then DST_SEL).
                    let texel = if inside { read_texel(ctx, &t, at, lane)? } else { [0; 4] };
                    write_data(w, vdata, lane, dmask, data(&t, t.swizzle(texel)), packed);
                } else if inside {
                    store_texel(w, ctx, &t, at, lane, vdata, dmask, d16, packed).map_err(|e| match e {
                        MemError::Emu(EmuError::Unsupported(s)) => unsupported(d, w, &s),
                        e => e,
                    })?;
                }
            }
        }
        ImageOp::Sample | ImageOp::Gather => {
            if flags.has(Flags::MIMG_C) {
                return Err(unsupported(d, w, "depth-compare sampling is not modelled"));
            }
            if op == ImageOp::Gather && dmask.count_ones() != 1 {
                return Err(unsupported(d, w, "a gather's DMASK must select one component"));
            }
            let s = Ssharp::of(w, (i.get(F::Ssamp) * 4) as usize);
            if s.border == 3 {
                return Err(unsupported(
                    d,
                    w,
                    "a border colour from the border colour table is not modelled",
                ));
            }
            let unnormalized = s.unnormalized || i.get(F::Unorm) != 0;
            // The address VGPRs: [offset] [bias] [derivatives] coordinates [slice] [lod/clamp].
            let mut k0 = 0usize;
            let has_offset = flags.has(Flags::MIMG_O);
            k0 += has_offset as usize;
            k0 += flags.has(Flags::MIMG_B) as usize;
            if flags.has(Flags::MIMG_D) {
                k0 += 2 * axes;
            }
            let lod_at = k0 + axes + arrayed as usize;
            // Mip levels (LAST_LEVEL above BASE_LEVEL): the LOD of the _l forms (0 for the
            // others), plus the sampler's LOD_BIAS, on the 1/256 grid, within MIN_LOD..MAX_LOD.
            let mipmapped = t.last_level > t.base_level;
            if mipmapped && (flags.has(Flags::MIMG_B) || flags.has(Flags::MIMG_D) || flags.has(Flags::MIMG_CL)) {
                return Err(unsupported(
                    d,
                    w,
                    "a bias, derivatives or a LOD clamp with mip levels are not modelled",
                ));
            }
            let top = (t.last_level - t.base_level) as f64;
            for lane in (0..64).filter(|l| exec >> l & 1 != 0) {
                let f = |k: usize| f32::from_bits(vgpr(w, vaddr + k, lane)) as f64;
                let mut lod = if flags.has(Flags::MIMG_L) { f(lod_at) } else { 0.0 };
                if mipmapped {
                    lod = fixed(lod + s.lod_bias).clamp(s.min_lod, s.max_lod);
                }
                let linear = if lod > 0.0 { s.min_linear } else { s.mag_linear };
                // The levels read (from BASE_LEVEL) and the second one's weight: MIP_FILTER
                // point takes the nearest level, linear the two around the LOD.
                let (l0, l1, frac) = match s.mip_filter {
                    1 if mipmapped => {
                        let l = (lod + 0.5).floor().clamp(0.0, top);
                        (l, l, 0.0)
                    }
                    2 if mipmapped => {
                        let c = lod.clamp(0.0, top);
                        (c.floor(), (c.floor() + 1.0).min(top), c - c.floor())
                    }
                    _ => (0.0, 0.0, 0.0),
                };
                let offsets: [i64; 3] = if has_offset {
                    let o = vgpr(w, vaddr, lane);
                    std::array::from_fn(|a| ((o >> (8 * a)) as i64 & 63) << 58 >> 58)
                } else {
                    [0; 3]
                };
                let slice = if arrayed {
                    let v = f(k0 + axes);
                    let r = if v.is_nan() { 0.0 } else { v.round_ties_even() };
                    r.clamp(0.0, (t.slices() - 1) as f64) as u32
                } else {
                    0
                };
                let coords: [f64; 3] = std::array::from_fn(|a| if a < axes { f(k0 + a) } else { 0.0 });
                // Each axis of level image `tl`: the texels it reads and their weights.
                let taps_of = |tl: &Tsharp| -> Result<Taps, MemError> {
                    let mut taps: Taps = [[(Some(0), 1.0), (Some(0), 0.0)]; 3];
                    for a in 0..axes {
                        let n = tl.size[a];
                        let u = coords[a] * if unnormalized { 1.0 } else { n as f64 };
                        let axis_linear = if a == 2 && s.z_filter != 0 {
                            s.z_filter == 2
                        } else {
                            linear
                        };
                        let q = fixed(u) + offsets[a] as f64;
                        let (i0, wt) = if axis_linear || op == ImageOp::Gather {
                            let b = q - 0.5;
                            (b.floor(), b - b.floor())
                        } else {
                            (q.floor(), 0.0)
                        };
                        let i0 = i0 as i64;
                        let addr = |i| address(i, n, s.clamp[a]).map_err(|e| unsupported(d, w, &e));
                        taps[a] = [(addr(i0)?, 1.0 - wt), (addr(i0 + 1)?, wt)];
                    }
                    Ok(taps)
                };
                let fetch = |ctx: &mut MemCtx,
                             tl: &Tsharp,
                             x: Option<u32>,
                             y: Option<u32>,
                             z: Option<u32>|
                 -> Result<[u32; 4], MemError> {
                    match (x, y, z) {
                        (Some(x), Some(y), Some(z)) => {
                            let z = if arrayed { slice } else { z };
                            read_texel(ctx, tl, tl.texel(x, y, z), lane)
                        }
                        _ => Ok(border(s.border, t.format.num)),
                    }
                };
                let level_image = |l: f64| {
                    let l = t.base_level + l as u32;
                    (l != 0).then(|| t.level(l))
                };
                let first = level_image(l0);
                let tl0 = first.as_ref().unwrap_or(&t);
                if op == ImageOp::Gather {
                    // (i0, j1), (i1, j1), (i1, j0), (i0, j0): the manuals' gather order.
                    let taps = taps_of(tl0)?;
                    let c = dmask.trailing_zeros() as usize;
                    let z = taps[2][0].0;
                    let mut four = [0u32; 4];
                    for (k, (xi, yi)) in [(0, 1), (1, 1), (1, 0), (0, 0)].into_iter().enumerate() {
                        let texel = fetch(ctx, tl0, taps[0][xi].0, taps[1][yi].0, z)?;
                        four[k] = data(&t, t.swizzle(texel))[c];
                    }
                    write_data(w, vdata, lane, 0xf, four, packed);
                } else {
                    // One level's filtered sum, nearest texel and whether it was filtered.
                    let sample = |ctx: &mut MemCtx, tl: &Tsharp| -> Result<([f64; 4], [u32; 4], bool), MemError> {
                        let taps = taps_of(tl)?;
                        let mut sum = [0f64; 4];
                        let mut nearest = [0u32; 4];
                        let filtered = (0..axes).any(|a| taps[a][1].1 != 0.0);
                        if filtered && !t.format.num.is_float() {
                            return Err(unsupported(
                                d,
                                w,
                                "linear filtering of an integer format is not modelled",
                            ));
                        }
                        for (xk, yk, zk) in (0..8).map(|b| (b & 1, b >> 1 & 1, b >> 2 & 1)) {
                            let wgt = taps[0][xk].1 * taps[1][yk].1 * taps[2][zk].1;
                            if wgt == 0.0 {
                                continue;
                            }
                            let texel = fetch(ctx, tl, taps[0][xk].0, taps[1][yk].0, taps[2][zk].0)?;
                            if !filtered {
                                nearest = texel;
                            }
                            for c in 0..4 {
                                sum[c] += wgt * f32::from_bits(texel[c]) as f64;
                            }
                        }
                        Ok((sum, nearest, filtered))
                    };
                    let (mut sum, nearest, mut filtered) = sample(ctx, tl0)?;
                    if frac > 0.0 {
                        // MIP_FILTER linear: the two levels' samples weighted by the LOD's
                        // fraction, rounded once.
                        if !t.format.num.is_float() {
                            return Err(unsupported(
                                d,
                                w,
                                "linear mip filtering of an integer format is not modelled",
                            ));
                        }
                        let second = level_image(l1);
                        let (upper, ..) = sample(ctx, second.as_ref().unwrap_or(&t))?;
                        sum = std::array::from_fn(|c| (1.0 - frac) * sum[c] + frac * upper[c]);
                        filtered = true;
                    }
                    // A filtered sum is rounded once, to f32 or (D16) to f16.
                    let out = if filtered {
                        let v = t.swizzle_as(sum, 0.0, 1.0);
                        v.map(|v| if d16 { f64_to_f16(v) } else { (v as f32).to_bits() })
                    } else {
                        data(&t, t.swizzle(nearest))
                    };
                    write_data(w, vdata, lane, dmask, out, packed);
                }
            }
        }
    }
    if i.get(F::Tfe) != 0 || i.get(F::Lwe) != 0 {
        for lane in (0..64).filter(|l| exec >> l & 1 != 0) {
            set_vgpr(w, vdata + data_regs, lane, 0);
        }
    }
    Ok(())
}

/// The border colours of BORDER_COLOR_TYPE 0-2: transparent black, opaque black, opaque
/// white, in the format's kind (floats, or integers for UINT/SINT).
fn border(kind: u32, num: Num) -> [u32; 4] {
    let one = if num.is_float() { 1.0f32.to_bits() } else { 1 };
    match kind {
        0 => [0; 4],
        1 => [0, 0, 0, one],
        _ => [one; 4],
    }
}

/// The enabled components (DMASK) of `c` into VGPRs from `vdata`, one each, or (`packed`
/// D16) two 16-bit halves each, low half first.
fn write_data(w: &mut Wave, vdata: usize, lane: usize, dmask: u8, c: [u32; 4], packed: bool) {
    let on = (0..4).filter(|k| dmask >> k & 1 != 0).map(|k| c[k]);
    if packed {
        let v: Vec<u32> = on.collect();
        for (r, pair) in v.chunks(2).enumerate() {
            let hi = pair.get(1).map_or(0, |h| h & 0xffff);
            set_vgpr(w, vdata + r, lane, (pair[0] & 0xffff) | hi << 16);
        }
    } else {
        for (r, v) in on.enumerate() {
            set_vgpr(w, vdata + r, lane, v);
        }
    }
}

/// One lane's image_store: the DMASK components from `vdata` (X first; D16: f16 values, two
/// per VGPR when `packed`) go to the channels DST_SEL maps them to; channels no component
/// reaches keep their bits.
#[allow(clippy::too_many_arguments)]
fn store_texel(
    w: &Wave,
    ctx: &mut MemCtx,
    t: &Tsharp,
    at: u64,
    lane: usize,
    vdata: usize,
    dmask: u8,
    d16: bool,
    packed: bool,
) -> Result<(), MemError> {
    let mut data = [0u32; 4];
    let mut n = 0usize;
    for (k, d) in data.iter_mut().enumerate() {
        if dmask >> k & 1 != 0 {
            *d = match (d16, packed) {
                (false, _) => vgpr(w, vdata + n, lane),
                (true, false) => f16_to_f32(vgpr(w, vdata + n, lane) & 0xffff).to_bits(),
                (true, true) => f16_to_f32(vgpr(w, vdata + n / 2, lane) >> (16 * (n % 2)) & 0xffff).to_bits(),
            };
            n += 1;
        }
    }
    let mut chan = [0u32; 4];
    let mut present = 0u8;
    for (k, &sel) in t.dst_sel.iter().enumerate() {
        if let s @ 4..=7 = sel {
            if dmask >> k & 1 != 0 {
                chan[s as usize - 4] = data[k];
                present |= 1 << (s - 4);
            }
        }
    }
    let n = t.format.bytes();
    let mut raw = [0u8; 16];
    let all = (1u8 << t.format.widths.len()) - 1;
    if present & all != all {
        // The channels the store keeps: not a read of the program's (no log entry).
        ctx.mem
            .read_bytes(at, &mut raw[..n])
            .map_err(|f| MemError::Fault(f, lane))?;
    }
    t.format
        .write(&mut raw[..n], &chan, present)
        .map_err(|e| MemError::Emu(EmuError::Unsupported(e)))?;
    super::vmem::write_bytes(ctx, at, &raw[..n], lane)
}

// ---------------------------------------------------------------------------------------------
// Images and samplers a host passes (`gcnkit run --arg image:... --arg sampler:...`)

/// OpenCL channel orders: name, ROCm's index for it (the image object's dword 9, which
/// ROCm's OpenCL library maps to the CL_* code through a table of its own: 1 CL_R, 3 CL_RG,
/// 8 CL_RGBA, 9 CL_BGRA), channel count, DST_SEL (4..7: memory component X..W; 0/1:
/// constants).
const ORDERS: [(&str, u32, usize, [u32; 4]); 4] = [
    ("r", 1, 1, [4, 0, 0, 1]),
    ("rg", 3, 2, [4, 5, 0, 1]),
    ("rgba", 8, 4, [4, 5, 6, 7]),
    ("bgra", 9, 4, [6, 5, 4, 7]),
];

/// OpenCL channel data types: name, ROCm's index (dword 8; its library's table maps 0..15 to
/// CL_SNORM_INT8 ... CL_FLOAT), bits per channel, number format.
const CHANNEL_TYPES: [(&str, u32, u32, u32); 12] = [
    ("snorm8", 0, 8, 1),
    ("snorm16", 1, 16, 1),
    ("unorm8", 2, 8, 0),
    ("unorm16", 3, 16, 0),
    ("sint8", 8, 8, 5),
    ("sint16", 9, 16, 5),
    ("sint32", 10, 32, 5),
    ("uint8", 11, 8, 4),
    ("uint16", 12, 16, 4),
    ("uint32", 13, 32, 4),
    ("half", 14, 16, 7),
    ("float", 15, 32, 7),
];

/// The data format of `channels` channels of `bits` bits (the table above, by width).
fn data_format(bits: u32, channels: usize) -> Option<u32> {
    DATA_FORMATS
        .iter()
        .find(|(_, w)| w.len() == channels && w.iter().all(|&b| b as u32 == bits))
        .map(|(c, _)| *c)
}

/// An image as the host describes it: `size` (width, height, depth or array size) and an
/// OpenCL format (`rgba_unorm8`, `r_float`...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostImage {
    pub size: [u32; 3],
    order: usize,
    ty: usize,
}

impl HostImage {
    /// `W[,H[,D]],FORMAT[,FILE]`: the image and the file, if any (which may hold commas).
    pub fn parse(spec: &str) -> Result<(HostImage, Option<&str>), String> {
        let mut size = [1u32; 3];
        let mut n = 0;
        let mut rest = Some(spec);
        let (fmt, file) = loop {
            let Some(r) = rest else {
                return Err("expected W[,H[,D]],FORMAT[,FILE]".into());
            };
            let (p, after) = match r.split_once(',') {
                Some((p, a)) => (p.trim(), Some(a)),
                None => (r.trim(), None),
            };
            match p.parse::<u32>() {
                Ok(_) if n == 3 => return Err("at most 3 sizes".into()),
                Ok(v) if v == 0 || v > 16384 => return Err(format!("size {v}: 1 to 16384")),
                Ok(v) => {
                    size[n] = v;
                    n += 1;
                }
                Err(_) if n == 0 => return Err(format!("'{p}' is not a width")),
                Err(_) => break (p, after),
            }
            rest = after;
        };
        let (order, ty) = fmt
            .split_once('_')
            .ok_or_else(|| format!("'{fmt}': expected ORDER_TYPE, e.g. rgba_unorm8"))?;
        let order = ORDERS
            .iter()
            .position(|o| o.0 == order)
            .ok_or_else(|| format!("'{order}': channel orders are {}", ORDERS.map(|o| o.0).join(", ")))?;
        let ty = CHANNEL_TYPES
            .iter()
            .position(|t| t.0 == ty)
            .ok_or_else(|| format!("'{ty}': channel types are {}", CHANNEL_TYPES.map(|t| t.0).join(", ")))?;
        Ok((HostImage { size, order, ty }, file))
    }

    /// Bytes of one texel.
    pub fn texel_bytes(&self) -> usize {
        ORDERS[self.order].2 * CHANNEL_TYPES[self.ty].2 as usize / 8
    }

    /// Bytes of the whole image (texels packed, rows of `width`).
    pub fn bytes(&self) -> usize {
        self.size.iter().map(|&v| v as usize).product::<usize>() * self.texel_bytes()
    }

    /// An image of `channels` channels (1, 2 or 4: the orders `r`, `rg`, `rgba`) of `bits`
    /// bits each in number format `num` (UNORM, SNORM, UINT, SINT or FLOAT), as a HIP
    /// runtime describes one from a channel format descriptor.
    pub fn of_channels(size: [u32; 3], channels: usize, bits: u32, num: Num) -> Result<HostImage, String> {
        if let Some(v) = size.iter().find(|&&v| v == 0 || v > 16384) {
            return Err(format!("size {v}: 1 to 16384"));
        }
        let order = ORDERS
            .iter()
            .position(|o| o.2 == channels && o.0 != "bgra")
            .ok_or_else(|| format!("{channels} channels: images have 1, 2 or 4"))?;
        let ty = CHANNEL_TYPES
            .iter()
            .position(|t| t.2 == bits && Num::of(t.3) == Some(num))
            .ok_or_else(|| format!("{bits}-bit channels of number format {num:?} are not an image format"))?;
        Ok(HostImage { size, order, ty })
    }

    /// ROCm's image object for the pixels at `base` (256-byte aligned) as a kernel argument
    /// of OpenCL type `type_name` (`image2d_t`...): the T# (dwords 0-7), then ROCm's channel
    /// data type and order indices and the width (dwords 8-10, which its device library reads
    /// for `get_image_channel_data_type`, `get_image_channel_order` and `get_image_width`).
    pub fn object(&self, arch: Arch, base: u64, type_name: &str) -> Result<[u8; 48], String> {
        self.object_pitched(arch, base, type_name, self.size[0])
    }

    /// [`HostImage::object`] with rows of `pitch` texels (at least the width; 14 bits of
    /// `pitch - 1` on GCN 1.0-1.2, 16 on GCN 1.4).
    pub fn object_pitched(&self, arch: Arch, base: u64, type_name: &str, pitch: u32) -> Result<[u8; 48], String> {
        let (ty, arrayed) = match type_name
            .trim()
            .trim_start_matches("__read_only ")
            .trim_start_matches("__write_only ")
        {
            "image1d_t" => (8, false),
            "image2d_t" => (9, false),
            "image3d_t" => (10, false),
            "image1d_array_t" => (12, true),
            "image2d_array_t" => (13, true),
            t => return Err(format!("an image of type {t} is not modelled")),
        };
        let [w, h, d] = self.size;
        let dims = match ty {
            8 => 1,
            9 | 12 => 2,
            _ => 3,
        };
        if self.size[dims..].iter().any(|&v| v != 1) {
            return Err(format!("{type_name} takes {dims} sizes"));
        }
        if !base.is_multiple_of(256) || base >> 48 != 0 {
            return Err(format!("image base 0x{base:x} is not 256-byte aligned below 2^48"));
        }
        let (_, order_code, channels, sel) = ORDERS[self.order];
        let (_, type_code, bits, nfmt) = CHANNEL_TYPES[self.ty];
        let dfmt = data_format(bits, channels).ok_or("no data format for this order and type")?;
        let mut o = [0u32; 12];
        let mut put = |f: Fld, v: u32| f.put(&mut o, v);
        put(t::BASE_LO, (base >> 8) as u32);
        put(t::BASE_HI, (base >> 40) as u32);
        put(t::DATA_FORMAT, dfmt);
        put(t::NUM_FORMAT, nfmt);
        put(t::WIDTH, w - 1);
        // A 1D array's slices are its "height" here; the T# counts them in the array fields.
        let (height, slices) = match ty {
            12 => (1, h),
            13 => (h, d),
            _ => (h, 1),
        };
        put(t::HEIGHT, height - 1);
        for (f, v) in t::DST_SEL.into_iter().zip(sel) {
            put(f, v);
        }
        put(t::TYPE, ty);
        let gfx9 = arch.is_gcn14();
        let pitch_field = if gfx9 { t::PITCH_GFX9 } else { t::PITCH };
        if pitch < w || pitch - 1 > mask(pitch_field.2 as u8) {
            return Err(format!(
                "pitch {pitch} texels: from the width ({w}) to {}",
                mask(pitch_field.2 as u8) + 1
            ));
        }
        put(pitch_field, pitch - 1);
        if ty == 10 {
            put(t::DEPTH, d - 1);
        }
        if arrayed {
            put(if gfx9 { t::DEPTH } else { t::LAST_ARRAY }, slices - 1);
        }
        o[8] = type_code;
        o[9] = order_code;
        o[10] = w;
        Ok(le_bytes(o))
    }
}

impl HostImage {
    /// ROCm's object for a 1D image over a buffer (`image1d_buffer_t`, HIP's textures of
    /// linear memory: the device library reads it with a typed buffer load): a V# of
    /// `elements` texels at `base` in dwords 0-3 (stride the texel's size, identity DST_SEL,
    /// the format in word 3), then the same dwords 8-10 as [`HostImage::object`].
    pub fn buffer_object(&self, base: u64, elements: u32) -> Result<[u8; 48], String> {
        let (_, order_code, channels, _) = ORDERS[self.order];
        let (_, type_code, bits, nfmt) = CHANNEL_TYPES[self.ty];
        let dfmt = data_format(bits, channels).ok_or("no data format for this order and type")?;
        let stride = self.texel_bytes() as u32;
        if base >> 48 != 0 {
            return Err(format!("buffer base 0x{base:x} is not below 2^48"));
        }
        let mut o = [0u32; 12];
        o[0] = base as u32;
        o[1] = (base >> 32) as u32 & 0xffff | stride << 16;
        o[2] = elements;
        // DST_SEL X, Y, Z, W (4..7), NUM_FORMAT bits 12-14, DATA_FORMAT bits 15-18.
        o[3] = 4 | 5 << 3 | 6 << 6 | 7 << 9 | nfmt << 12 | dfmt << 15;
        o[8] = type_code;
        o[9] = order_code;
        o[10] = elements;
        Ok(le_bytes(o))
    }
}

/// An image object ([`HostImage::object`]) of levels 0 to `levels - 1` (LAST_LEVEL) of the
/// model's mip chain ([`mip_offset`]).
pub fn with_mip_levels(object: &mut [u8; 48], levels: u32) -> Result<(), String> {
    if !(1..=16).contains(&levels) {
        return Err(format!("{levels} mip levels (1 to 16)"));
    }
    let mut o: [u32; 12] =
        std::array::from_fn(|k| u32::from_le_bytes(object[4 * k..4 * k + 4].try_into().unwrap_or([0; 4])));
    t::LAST_LEVEL.put(&mut o, levels - 1);
    *object = le_bytes(o);
    Ok(())
}

/// A sampler ([`sampler_words`]) filtering between mip levels: point (nearest level) or
/// linear (the two around the LOD).
pub fn with_mip_filter(sampler: &mut [u8; 16], linear: bool) {
    let mut s: [u32; 4] =
        std::array::from_fn(|k| u32::from_le_bytes(sampler[4 * k..4 * k + 4].try_into().unwrap_or([0; 4])));
    ss::MIP_FILTER.put(&mut s, 1 + linear as u32);
    *sampler = le_bytes(s);
}

/// Descriptor dwords as the little-endian bytes memory holds.
fn le_bytes<const N: usize, const B: usize>(d: [u32; N]) -> [u8; B] {
    std::array::from_fn(|b| d[b / 4].to_le_bytes()[b % 4])
}

/// OpenCL addressing modes and their S# clamp modes (clang's constant samplers' encoding).
const ADDRESSING: [(&str, u32); 5] = [
    ("none", 6),
    ("clamp_to_edge", 2),
    ("clamp", 6),
    ("repeat", 0),
    ("mirrored_repeat", 1),
];

/// The S# of `sampler:COORDS,ADDRESS,FILTER` (`normalized|unnormalized`, an OpenCL addressing
/// mode, `nearest|linear`), as clang-15 builds an OpenCL constant sampler for `arch` (the
/// same words, the fields the model does not read included).
pub fn sampler_object(spec: &str, arch: Arch) -> Result<[u8; 16], String> {
    let p: Vec<&str> = spec.split(',').map(str::trim).collect();
    let [coords, addr, filter] = p[..] else {
        return Err("expected COORDS,ADDRESS,FILTER (e.g. normalized,repeat,linear)".into());
    };
    let unnormalized = match coords {
        "normalized" => 0,
        "unnormalized" => 1,
        c => return Err(format!("'{c}': normalized or unnormalized")),
    };
    let clamp = ADDRESSING
        .iter()
        .find(|a| a.0 == addr)
        .map(|a| a.1)
        .ok_or_else(|| format!("'{addr}': addressing modes are {}", ADDRESSING.map(|a| a.0).join(", ")))?;
    let linear = match filter {
        "nearest" => 0,
        "linear" => 1,
        f => return Err(format!("'{f}': nearest or linear")),
    };
    Ok(sampler_words(arch, unnormalized != 0, clamp, linear != 0))
}

/// An S#: every axis in SQ_TEX_CLAMP mode `clamp` (0 wrap, 1 mirror, 2 clamp to the last
/// texel, 6 border: transparent black), coordinates in texels when `unnormalized`, bilinear
/// filtering when `linear` (else nearest), in the words clang-15 writes for an OpenCL
/// constant sampler on `arch` (the fields the model does not read included). ROCm's HIP
/// runtime uses one addressing mode for all axes too.
pub fn sampler_words(arch: Arch, unnormalized: bool, clamp: u32, linear: bool) -> [u8; 16] {
    // clang's words beside the model's fields: DEPTH_COMPARE_FUNC 3 and bit 28 in word 0,
    // MAX_LOD 0xfff in word 1, bit 31 of word 2 on gfx9.
    let mut s = [0x1000_3000u32, 0xfff000, 0, 0];
    for f in ss::CLAMP {
        f.put(&mut s, clamp);
    }
    ss::FORCE_UNNORMALIZED.put(&mut s, unnormalized as u32);
    ss::XY_MAG_FILTER.put(&mut s, linear as u32);
    ss::XY_MIN_FILTER.put(&mut s, linear as u32);
    if arch.is_gcn14() {
        s[2] |= 1 << 31;
    }
    le_bytes(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chain's levels: each after the one before, at a 256-byte boundary; level 0 by its
    /// pitch, the others by their own width; a 1D image halves only its width.
    #[test]
    fn mip_chain() {
        let at = |l| mip_offset([32, 16, 1], 32, 1, 4, 2, l);
        assert_eq!((0..5).map(at).collect::<Vec<_>>(), [0, 2048, 2560, 2816, 3072]);
        assert_eq!(mip_offset([32, 16, 1], 64, 1, 4, 2, 1), 4096);
        assert_eq!(mip_size([10, 6, 3], 2, 3), [2, 1, 1]);
        assert_eq!(mip_size([10, 6, 3], 1, 1), [5, 6, 3]);
        assert_eq!(mip_offset([100, 1, 1], 100, 3, 1, 1, 1), 512);
    }

    /// Conversions against the rules written out independently.
    #[test]
    fn conversions() {
        let unorm8 = Format::of(10, 0, false).unwrap();
        for c in 0..=255u32 {
            let v = unorm8.read(&[c as u8, 0, 0, 0])[0];
            // Correctly rounded c/255: the nearest f32 to the exact fraction.
            let exact = c as f64 / 255.0;
            let f = f32::from_bits(v) as f64;
            let next_up = f32::from_bits(v + 1) as f64;
            assert!((f - exact).abs() <= (next_up - f) / 2.0, "{c}");
            // And back: RNE(x * 255) gives c.
            let mut raw = [0u8; 4];
            unorm8.write(&mut raw, &[v, 0, 0, 0], 1).unwrap();
            assert_eq!(raw[0] as u32, c);
        }
        // Float → UNORM8: clamp, scale, ties to even (0.5/255 * 255 = 0.5 → 0; 1.5 → 2).
        let mut raw = [0u8; 4];
        for (x, want) in [(-1.0f32, 0u8), (2.0, 255), (f32::NAN, 0), (0.5, 128), (0.25, 64)] {
            unorm8.write(&mut raw, &[x.to_bits(), 0, 0, 0], 1).unwrap();
            assert_eq!(raw[0], want, "{x}");
        }
        let snorm8 = Format::of(1, 1, false).unwrap();
        assert_eq!(f32::from_bits(snorm8.read(&[0x80])[0]), -1.0);
        assert_eq!(f32::from_bits(snorm8.read(&[0x81])[0]), -1.0);
        assert_eq!(f32::from_bits(snorm8.read(&[0x7f])[0]), 1.0);
        assert_eq!(f32::from_bits(snorm8.read(&[0x40])[0]), (64.0f64 / 127.0) as f32);
        // 2_10_10_10 UNORM: X in bits 0-9, W in 30-31.
        let p = Format::of(9, 0, false).unwrap();
        let word: u32 = 1023 | 512 << 10 | 2 << 30; // Z = 0
        let got = p.read(&word.to_le_bytes()).map(f32::from_bits);
        assert_eq!(got, [1.0, (512.0f64 / 1023.0) as f32, 0.0, (2.0f64 / 3.0) as f32]);
        // 10_11_11 FLOAT: X = 11-bit float 1.0 (exponent 15, mantissa 0) in bits 0-10.
        let sf = Format::of(6, 7, false).unwrap();
        let word: u32 = 15 << 6 | (16 << 6 | 32) << 11 | (14 << 5) << 22;
        assert_eq!(sf.read(&word.to_le_bytes()).map(f32::from_bits), [1.0, 3.0, 0.5, 1.0]);
        // UINT/SINT stores saturate.
        let u8f = Format::of(1, 4, false).unwrap();
        u8f.write(&mut raw, &[300, 0, 0, 0], 1).unwrap();
        assert_eq!(raw[0], 255);
        let s8f = Format::of(1, 5, false).unwrap();
        s8f.write(&mut raw, &[(-300i32) as u32, 0, 0, 0], 1).unwrap();
        assert_eq!(raw[0], 0x80);
        // Refused: 32-bit UNORM, SNORM_OGL, scaled stores.
        assert!(Format::of(4, 0, false).is_err());
        assert!(Format::of(1, 6, false).is_err());
        assert!(Format::of(1, 2, false).unwrap().write(&mut raw, &[0; 4], 1).is_err());
    }

    fn dwords(b: &[u8]) -> Vec<u32> {
        b.chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect()
    }

    /// The HIP runtime's descriptors: a T# with a pitch and a V# read back by the model's
    /// own decoders' fields.
    #[test]
    fn hip_objects() {
        let img = HostImage::of_channels([5, 3, 1], 4, 8, Num::Unorm).unwrap();
        assert_eq!(img, HostImage::parse("5,3,rgba_unorm8").unwrap().0);
        let o = img.object_pitched(Arch::Gcn14, 0x1234_5600, "image2d_t", 64).unwrap();
        let d = dwords(&o);
        assert_eq!(t::PITCH_GFX9.get(&d), 63);
        assert_eq!(t::WIDTH.get(&d), 4);
        assert_eq!(t::HEIGHT.get(&d), 2);
        assert_eq!(
            img.object(Arch::Gcn14, 0x1234_5600, "image2d_t").unwrap()[..16],
            o[..16]
        );
        assert!(img.object_pitched(Arch::Gcn12, 0, "image2d_t", 4).is_err());
        assert!(img.object_pitched(Arch::Gcn12, 0, "image2d_t", 16385).is_err());
        let f = HostImage::of_channels([7, 1, 1], 1, 32, Num::Float).unwrap();
        let b = f.buffer_object(0x2000_0000_0100, 7).unwrap();
        let d = dwords(&b);
        assert_eq!((d[0], d[1] & 0xffff, d[1] >> 16 & 0x3fff, d[2]), (0x100, 0x2000, 4, 7));
        assert_eq!((d[3] & 0xfff, d[3] >> 12 & 7, d[3] >> 15 & 15), (0xfac, 7, 4));
        assert!(HostImage::of_channels([1, 1, 1], 3, 8, Num::Unorm).is_err());
        assert!(HostImage::of_channels([1, 1, 1], 1, 32, Num::Unorm).is_err());
        // The S#: clamp mode on every axis, filters, unnormalized.
        let s = sampler_words(Arch::Gcn14, true, 2, true);
        let w = dwords(&s);
        assert_eq!(ss::CLAMP.map(|f| f.get(&w)), [2, 2, 2]);
        assert_eq!(
            (
                ss::FORCE_UNNORMALIZED.get(&w),
                ss::XY_MAG_FILTER.get(&w),
                ss::XY_MIN_FILTER.get(&w)
            ),
            (1, 1, 1)
        );
        assert_eq!(
            sampler_object("unnormalized,clamp_to_edge,linear", Arch::Gcn14).unwrap(),
            s
        );
    }

    #[test]
    fn clamp_modes() {
        let a = |i, m| address(i, 4, m).unwrap();
        assert_eq!(
            (-1..9).map(|i| a(i, 0).unwrap()).collect::<Vec<_>>(),
            [3, 0, 1, 2, 3, 0, 1, 2, 3, 0]
        );
        assert_eq!(
            (-1..9).map(|i| a(i, 1).unwrap()).collect::<Vec<_>>(),
            [0, 0, 1, 2, 3, 3, 2, 1, 0, 0]
        );
        assert_eq!(
            (-1..6).map(|i| a(i, 2).unwrap()).collect::<Vec<_>>(),
            [0, 0, 1, 2, 3, 3, 3]
        );
        assert_eq!(a(-1, 6), None);
        assert_eq!(a(4, 6), None);
        assert_eq!(a(-2, 7), Some(1));
        assert!(address(0, 4, 4).is_err());
    }
}
