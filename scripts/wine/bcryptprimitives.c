/* bcryptprimitives.dll for Wine 8 (Debian bookworm's), which lacks it.
 *
 * Rust's standard library on Windows takes its random seeds (HashMap keys) from ProcessPrng in
 * bcryptprimitives.dll, part of every Windows since 10; Wine added the DLL only in version 9.
 * This stand-in, built by scripts/windows.sh into the test's own Wine prefix (never shipped with
 * minehint.exe), answers ProcessPrng with RtlGenRandom (advapi32's SystemFunction036), the
 * generator the same Windows versions expose there. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        /* RtlGenRandom takes a 32-bit length. */
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
