#!/usr/bin/env python3
"""Turns one compiled kernel file (clang's .o, the linked .hsaco and clang's -S output) into
gcnkit's test data: NAME.MCPU.s (verbatim), NAME.MCPU.text.tsv, NAME.MCPU.body.tsv and rows of
kernels.tsv. See ../../crates/gcnkit/tests/data/kernels/README.md for the formats.

Run by build.sh:  extract.py WORKDIR OUTDIR NAME MCPU   (prints kernels.tsv rows on stdout)

Everything is cross-checked and any disagreement is fatal:
  * the .text of the .o and of the .hsaco are the same bytes, at the same symbol offsets;
  * llvm-mc reassembles clang's .s to exactly that .text (every byte that is not a fixup);
  * on fiji/gfx900, llvm-objdump's instruction boundaries and words agree with llvm-mc's, and
    its branch-target comments agree with the labels of clang's branch lines.
"""

import os
import re
import struct
import subprocess
import sys

LLVM_MC = os.environ.get("LLVM_MC", "llvm-mc-14")
OBJDUMP = os.environ.get("LLVM_OBJDUMP", "llvm-objdump-14")

NOP = 0xBF800000  # s_nop 0: the fill between functions (.p2align 8 in .text)


def die(msg):
    sys.exit(f"extract.py: {msg}")


# ---------------------------------------------------------------------------------------------
# ELF (64-bit little endian): the .text section and the function symbols in it.


def elf_text(path):
    data = open(path, "rb").read()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        die(f"{path}: not a 64-bit little-endian ELF")
    shoff = struct.unpack_from("<Q", data, 0x28)[0]
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    secs = []
    for k in range(shnum):
        name, typ, flags, addr, off, size, link, info, align, entsize = struct.unpack_from(
            "<IIQQQQIIQQ", data, shoff + k * shentsize
        )
        secs.append(dict(name=name, type=typ, addr=addr, off=off, size=size, link=link, entsize=entsize))
    strtab = secs[shstrndx]

    def cstr(sec, o):
        b = data[sec["off"] + o :]
        return b[: b.index(0)].decode()

    for s in secs:
        s["sname"] = cstr(strtab, s["name"])
    tidx = [k for k, s in enumerate(secs) if s["sname"] == ".text"]
    if len(tidx) != 1:
        die(f"{path}: {len(tidx)} .text sections")
    tidx = tidx[0]
    text = secs[tidx]
    body = data[text["off"] : text["off"] + text["size"]]
    syms = {}
    for s in secs:
        if s["type"] != 2:  # SHT_SYMTAB
            continue
        names = secs[s["link"]]
        for k in range(s["size"] // 24):
            nm, info, other, shndx, value, size = struct.unpack_from("<IBBHQQ", data, s["off"] + k * 24)
            if shndx == tidx and info & 0xF == 2:  # STT_FUNC
                syms[cstr(names, nm)] = (value - text["addr"], size)
    return body, text["addr"], syms


# ---------------------------------------------------------------------------------------------
# Encoding classes, from the fixed bits of the first word (the GCN3/Vega ISA manuals' tables),
# independent of gcnkit and of LLVM.


def enc_class(w, mcpu):
    si_ci = mcpu in ("tahiti", "bonaire")
    if w >> 31 == 0:
        c = "VOP1" if w >> 25 == 0x3F else "VOPC" if w >> 25 == 0x3E else "VOP2"
        # GCN 1.2+: SRC0 249 / 250 means an SDWA / DPP word follows.
        if not si_ci and w & 0x1FF in (0xF9, 0xFA):
            c += "_SDWA" if w & 0x1FF == 0xF9 else "_DPP"
        return c
    if w >> 23 == 0x17D:
        return "SOP1"
    if w >> 23 == 0x17E:
        return "SOPC"
    if w >> 23 == 0x17F:
        return "SOPP"
    if w >> 28 == 0xB:
        return "SOPK"
    if w >> 30 == 2:
        return "SOP2"
    top6 = w >> 26
    if si_ci:
        if w >> 27 == 0x18:
            return "SMRD"
        table = {0x34: "VOP3", 0x32: "VINTRP", 0x36: "DS", 0x38: "MUBUF", 0x3A: "MTBUF", 0x3C: "MIMG", 0x3E: "EXP"}
        if mcpu == "bonaire":
            table[0x37] = "FLAT"
    else:
        table = {0x30: "SMEM", 0x34: "VOP3", 0x35: "VINTRP", 0x36: "DS", 0x37: "FLAT", 0x38: "MUBUF",
                 0x3A: "MTBUF", 0x3C: "MIMG", 0x31: "EXP"}
    c = table.get(top6)
    if c is None:
        return "OTHER"
    if c == "VOP3" and mcpu == "gfx900" and w >> 23 == 0x1A7:
        return "VOP3P"
    if c == "FLAT" and mcpu == "gfx900":
        return {0: "FLAT", 1: "SCRATCH", 2: "GLOBAL"}.get((w >> 14) & 3, "FLAT")
    return c


# ---------------------------------------------------------------------------------------------
# clang's .s: function bodies (the statements between `NAME:` and the first directive after it).

LABEL = re.compile(r"^([A-Za-z_.$][A-Za-z0-9_.$]*):$")


def strip(line):
    """A statement without its `;` comment, whitespace runs as one space."""
    return " ".join(line.split(";", 1)[0].split())


def bodies(s_lines, funcs):
    """For each function: [(lineno, kind 'I'|'L', text)] of its body."""
    out = {}
    cur = None
    for n, raw in enumerate(s_lines, 1):
        t = strip(raw)
        if not t:
            continue
        m = LABEL.match(t)
        if cur is None:
            if m and m.group(1) in funcs:
                cur = m.group(1)
                out[cur] = []
            continue
        if m and not m.group(1).startswith(".Lfunc_end"):
            out[cur].append((n, "L", t))
        elif t.startswith(".") or m:
            cur = None  # a directive (or the function's end label) ends the body
        else:
            out[cur].append((n, "I", t))
    missing = set(funcs) - set(out)
    if missing:
        die(f"no body in the .s for {sorted(missing)}")
    return out


def mc_encodings(s_path, mcpu):
    """llvm-mc's encodings of the instructions of the .s, in order: [(bytes-or-None, ...)]."""
    r = subprocess.run(
        [LLVM_MC, "-triple=amdgcn-amd-amdhsa", f"-mcpu={mcpu}", "-show-encoding", s_path],
        capture_output=True,
        text=True,
    )
    if r.returncode != 0 or "error" in r.stderr:
        die(f"llvm-mc failed on {s_path}:\n{r.stderr}")
    encs = []
    for line in r.stdout.splitlines():
        p = line.find("; encoding: [")
        if p < 0:
            continue
        items = line[p + len("; encoding: [") : line.rindex("]")].split(",")
        encs.append([None if it.strip() == "A" else int(it, 16) for it in items])
    return encs


# ---------------------------------------------------------------------------------------------
# llvm-objdump -d (fiji, gfx900).

OBJ_LINE = re.compile(r"^\t(.*?)\s*// ([0-9A-F]+): ((?:[0-9A-F]{8} ?)+)(?:\s*<([^>]*)>)?\s*$")


def objdump(hsaco):
    r = subprocess.run([OBJDUMP, "-d", hsaco], capture_output=True, text=True)
    if r.returncode != 0:
        die(f"llvm-objdump failed on {hsaco}:\n{r.stderr}")
    rows = []
    for line in r.stdout.splitlines():
        if not line.startswith("\t"):
            continue
        m = OBJ_LINE.match(line)
        if not m:
            die(f"unparsed llvm-objdump line: {line!r}")
        text, addr, words, comment = m.groups()
        rows.append((int(addr, 16), [int(w, 16) for w in words.split()], " ".join(text.split()), comment))
    return rows


def main():
    work, outdir, name, mcpu = sys.argv[1:5]
    base = os.path.join(work, f"{name}.{mcpu}")
    text_o, _, syms_o = elf_text(base + ".o")
    text, vaddr, syms = elf_text(base + ".hsaco")
    if text != text_o:
        die(f"{base}: .text of the .o and the .hsaco differ (relocations?)")
    if syms != syms_o:
        die(f"{base}: symbols differ between .o and .hsaco: {syms_o} vs {syms}")
    words = list(struct.unpack(f"<{len(text) // 4}I", text))

    s_path = base + ".s"
    s_lines = open(s_path).read().split("\n")
    body = bodies(s_lines, syms)
    encs = mc_encodings(s_path, mcpu)
    n_instr = sum(1 for b in body.values() for r in b if r[1] == "I")
    if n_instr != len(encs):
        die(f"{s_path}: {n_instr} instruction lines in function bodies, llvm-mc encoded {len(encs)}")

    # Instruction boundaries and offsets from llvm-mc's lengths, per function from its symbol.
    starts = {}  # offset -> (length in words, lineno, text)
    label_at = {}  # label -> offset
    body_rows = []  # (kernel, lineno, offset, text)
    e = iter(encs)
    for kern in sorted(syms, key=lambda k: syms[k][0]):
        off, size = syms[kern]
        pos = off
        pending = []
        for n, kind, t in body[kern]:
            if kind == "L":
                pending.append((n, t))
                continue
            enc = next(e)
            if len(enc) % 4:
                die(f"{s_path}:{n}: odd encoding length")
            for lab_n, lab in pending:
                label_at[lab[:-1]] = pos
                body_rows.append((kern, lab_n, pos, lab))
            pending = []
            for k, b in enumerate(enc):
                if b is not None and text[pos + k] != b:
                    die(f"{s_path}:{n}: llvm-mc's byte {k} {b:#04x} != .text's {text[pos + k]:#04x} at {pos:#x}")
            starts[pos] = (len(enc) // 4, n, t)
            body_rows.append((kern, n, pos, t))
            pos += len(enc)
        for lab_n, lab in pending:
            label_at[lab[:-1]] = pos
            body_rows.append((kern, lab_n, pos, lab))
        if pos != off + size:
            die(f"{kern}: instructions end at {pos:#x}, the symbol at {off + size:#x}")

    # The whole .text: instructions, and s_nop 0 words filling the gaps between functions.
    rows = []  # [offset, class, words, target, objdump]
    pos = 0
    while pos < len(text):
        if pos in starts:
            nw, n, t = starts[pos]
            w = words[pos // 4 : pos // 4 + nw]
            target = "-"
            mnem, _, ops = t.partition(" ")
            if mnem.startswith("s_cbranch") or mnem == "s_branch":
                if ops not in label_at:
                    die(f"{s_path}:{n}: branch to an unknown label: {t}")
                target = f"{label_at[ops]:x}"
            elif any(op.strip() in label_at for op in ops.split(",")):
                die(f"{s_path}:{n}: a label operand outside a branch: {t}")
            rows.append([pos, enc_class(w[0], mcpu), w, target, "-"])
            pos += 4 * nw
        else:
            w = words[pos // 4]
            if w != NOP:
                die(f"{base}: word {w:08x} at {pos:#x} is outside every function and is no s_nop 0")
            rows.append([pos, enc_class(w, mcpu), [w], "-", "-"])
            pos += 4

    if mcpu in ("fiji", "gfx900"):
        od = objdump(base + ".hsaco")
        if len(od) != len(rows):
            die(f"{base}: llvm-objdump shows {len(od)} instructions, llvm-mc's boundaries give {len(rows)}")
        for r, (addr, w, t, comment) in zip(rows, od):
            if addr - vaddr != r[0] or w != r[2]:
                die(f"{base}: llvm-objdump {addr:#x} {w} vs {r[0]:#x} {r[2]}")
            if r[3] != "-" or comment:
                m = re.fullmatch(r"([A-Za-z_.$][\w.$]*)(?:\+0x([0-9a-f]+))?", comment or "")
                if not m or m.group(1) not in syms:
                    die(f"{base}: branch comment {comment!r} at {r[0]:#x}")
                tgt = syms[m.group(1)][0] + int(m.group(2) or "0", 16)
                if f"{tgt:x}" != r[3]:
                    die(f"{base}: at {r[0]:#x} llvm-objdump's target {tgt:#x}, clang's label {r[3]}")
            r[4] = t

    with open(os.path.join(outdir, f"{name}.{mcpu}.text.tsv"), "w") as f:
        f.write("offset\tclass\twords\ttarget\tobjdump\n")
        for off, cls, w, tgt, t in rows:
            f.write(f"{off:x}\t{cls}\t{' '.join(f'{x:08X}' for x in w)}\t{tgt}\t{t}\n")
    with open(os.path.join(outdir, f"{name}.{mcpu}.body.tsv"), "w") as f:
        f.write("kernel\tline\toffset\ttext\n")
        for kern, n, off, t in body_rows:
            f.write(f"{kern}\t{n}\t{off:x}\t{t}\n")
    with open(s_path) as src, open(os.path.join(outdir, f"{name}.{mcpu}.s"), "w") as dst:
        dst.write(src.read())
    for kern in sorted(syms, key=lambda k: syms[k][0]):
        off, size = syms[kern]
        print(f"{name}\t{mcpu}\t{kern}\t{off:x}\t{size:x}\t{vaddr:x}\t{len(text):x}")


if __name__ == "__main__":
    main()
