// Eight bytes of text at a time in one 64-bit word ("SIMD within a register"), for scans that pass
// long runs of bytes none of which they look for. The tests work on each byte's low seven bits,
// where adding at most 0x7F never carries into the next byte, and leave their answer in each
// byte's top bit (kHighBits): exact for every byte value, not only for ASCII.
#pragma once

#include <cstdint>
#include <cstring>

namespace pith::text {

inline constexpr std::uint64_t kEachByte = 0x0101010101010101ull;  // times a byte: it in every byte
inline constexpr std::uint64_t kHighBits = 0x80 * kEachByte;
inline constexpr std::uint64_t kLowBits = 0x7F * kEachByte;

// The eight bytes at p (which must hold them), in memory order whatever the word's byte order.
inline std::uint64_t LoadWord(const void* p) {
  std::uint64_t w;
  std::memcpy(&w, p, sizeof w);
  return w;
}

// Whether one of the bytes of w is 0x80 or above (not ASCII).
constexpr bool HasNonAscii(std::uint64_t w) { return (w & kHighBits) != 0; }

// The top bit of each byte of w that is zero, and no other bit.
constexpr std::uint64_t ZeroBytes(std::uint64_t w) { return ~(((w & kLowBits) + kLowBits) | w) & kHighBits; }

// The top bit of each byte of w equal to b.
constexpr std::uint64_t BytesEqual(std::uint64_t w, unsigned char b) { return ZeroBytes(w ^ (b * kEachByte)); }

}  // namespace pith::text
