"""Batch runners for the two oracles: clrxasm/clrxdisasm (CLRX) and llvm-mc (LLVM 14).

Every function takes many lines or words at once and runs each tool once per call (or twice
for clrxasm, which writes nothing when any line has an error).
"""
import os, re, struct, subprocess, tempfile

CLRX_DIR = os.environ.get('GCNKIT_CLRX_DIR', '/root/.cache/clrx/build/programs')
LLVM_MC = os.environ.get('LLVM_MC', 'llvm-mc')
# Our arch name -> (CLRX device, LLVM cpu).
DEVICES = {'gcn1.0': ('pitcairn', 'tahiti'), 'gcn1.1': ('bonaire', 'bonaire'),
           'gcn1.2': ('fiji', 'fiji'), 'gcn1.4': ('gfx900', 'gfx900')}
ARCHS = list(DEVICES)
# Symbols the assembled lines may use: defined before every line, and one defined only after
# them all (neither assembler takes a forward symbol inside the special syntaxes).
SYMBOLS_BEFORE = [('three', 3), ('big', 100), ('minus', -1)]
SYMBOLS_AFTER = [('later', 2)]


def _clrx_run(device, lines):
    before = ['%s=%d' % s for s in SYMBOLS_BEFORE]
    after = ['%s=%d' % s for s in SYMBOLS_AFTER]
    with tempfile.TemporaryDirectory() as d:
        src, out = os.path.join(d, 'in.s'), os.path.join(d, 'o.bin')
        with open(src, 'w') as f:
            f.write('\n'.join(before + lines + after) + '\n')
        p = subprocess.run([os.path.join(CLRX_DIR, 'clrxasm'), '-b', 'rawcode', '-g', device, '-o', out, src],
                           capture_output=True, text=True)
        data = open(out, 'rb').read() if os.path.exists(out) else None
    msgs = {}
    for m in re.finditer(r'^.*/in\.s:(\d+):(\d+): (Error|Warning): (.*)$', p.stderr, re.M):
        k = int(m.group(1)) - 1 - len(before)
        assert 0 <= k < len(lines), m.group(0)
        msgs.setdefault(k, []).append((m.group(3), m.group(4)))
    return data, msgs


def clrx_asm(arch, lines):
    """For each line (one instruction of one word): ('ok'|'warn', word, msgs) or ('err', None, msgs)."""
    device = DEVICES[arch][0]
    _, msgs = _clrx_run(device, lines)
    bad = {k for k, ms in msgs.items() if any(t == 'Error' for t, _ in ms)}
    good = [k for k in range(len(lines)) if k not in bad]
    words = []
    if good:
        data, msgs2 = _clrx_run(device, [lines[k] for k in good])
        assert data is not None and len(data) == 4 * len(good), (arch, msgs2, len(data or b''), len(good))
        words = struct.unpack('<%dI' % len(good), data)
    res = [('err', None, msgs.get(k, [])) for k in range(len(lines))]
    for k, w in zip(good, words):
        res[k] = ('warn' if msgs.get(k) else 'ok', w, msgs.get(k, []))
    return res


def clrx_disasm(arch, words):
    """The text clrxdisasm prints after the mnemonic of each word (one-word instructions only)."""
    device = DEVICES[arch][0]
    with tempfile.TemporaryDirectory() as d:
        f = os.path.join(d, 'w.bin')
        with open(f, 'wb') as o:
            o.write(struct.pack('<%dI' % len(words), *words))
        p = subprocess.run([os.path.join(CLRX_DIR, 'clrxdisasm'), '-r', '-g', device, f],
                           capture_output=True, text=True, check=True)
    out = []
    for line in p.stdout.splitlines():
        m = re.match(r'^/\*([0-9a-f]{12})\*/ (\S+)(?: +(.*))?$', line)
        if m:
            out.append((m.group(2), m.group(3) or ''))
    assert len(out) == len(words), (len(out), len(words))
    return out


def llvm_asm(arch, lines):
    """For each line: ('ok', word, []) or ('err', None, [message]) from llvm-mc -show-encoding."""
    cpu = DEVICES[arch][1]
    before = ['.set %s, %d' % s for s in SYMBOLS_BEFORE]
    after = ['.set %s, %d' % s for s in SYMBOLS_AFTER]
    p = subprocess.run([LLVM_MC, '-arch=amdgcn', '-mcpu=' + cpu, '-show-encoding'],
                       input='\n'.join(before + lines + after) + '\n', capture_output=True, text=True)
    errs = {}
    for m in re.finditer(r'^<stdin>:(\d+):(\d+): error: (.*)$', p.stderr, re.M):
        k = int(m.group(1)) - 1 - len(before)
        assert 0 <= k < len(lines), m.group(0)
        errs.setdefault(k, []).append(m.group(3))
    encs = re.findall(r'encoding: \[([^\]]*)\]', p.stdout)
    good = [k for k in range(len(lines)) if k not in errs]
    assert len(encs) == len(good), (arch, len(encs), len(good), p.stderr[:2000])
    res = [('err', None, errs.get(k, [])) for k in range(len(lines))]
    for k, e in zip(good, encs):
        b = [int(x, 16) for x in e.split(',')]
        res[k] = ('ok', struct.unpack('<I', bytes(b[:4]))[0], [])
    return res


def llvm_disasm(arch, words):
    """llvm-mc -disassemble of each word (fiji and gfx900 only): (mnemonic, operand text)."""
    cpu = DEVICES[arch][1]
    text = '\n'.join(','.join('0x%02x' % b for b in struct.pack('<I', w)) for w in words) + '\n'
    p = subprocess.run([LLVM_MC, '-arch=amdgcn', '-mcpu=' + cpu, '-disassemble'],
                       input=text, capture_output=True, text=True)
    out = []
    for line in p.stdout.splitlines():
        line = line.strip()
        if not line or line.startswith('.'):
            continue
        mn, _, ops = line.partition(' ')
        out.append((mn, ops.strip()))
    assert len(out) == len(words), (len(out), len(words), p.stderr[:500])
    return out
