// StringMemo: a value computed once per distinct string of a page (a class value's hints, whether
// it hides its element) and looked up every other time. Class values repeat across a page (menu
// entries, cards, list rows: seven elements in ten share their value with an earlier one), so a
// matcher that scans a value's tokens runs once per distinct value instead of once per element.
// Open addressing in one array, grown by doubling at half load; the keys are copied, so they need
// not outlive the call (a parser's attribute buffer).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace pith::text {

template <typename T>
class StringMemo {
 public:
  // compute(key) the first time `key` is asked for, the stored value after.
  template <typename Compute>
  T Get(std::string_view key, Compute&& compute) {
    if (2 * (used_ + 1) > slots_.size()) Grow();
    const std::size_t hash = Hash(key);
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (!slot.used) {
        const T value = compute(key);
        slot = Slot{hash, static_cast<std::uint32_t>(keys_.size()), static_cast<std::uint32_t>(key.size()), true,
                    value};
        keys_.append(key);
        ++used_;
        return value;
      }
      if (slot.hash == hash && Key(slot) == key) return slot.value;
    }
  }

  // The key's hash (public for the tests). Eight bytes at a time, each word mixed by a multiply
  // (std::hash's byte loop cost more than the token scans it spared on short class values).
  static std::size_t Hash(std::string_view s) {
    std::uint64_t h = 0x9E3779B97F4A7C15ull ^ s.size();
    std::size_t i = 0;
    for (; i + 8 <= s.size(); i += 8) {
      h = (h ^ Load<std::uint64_t>(s.data() + i)) * 0x9E3779B97F4A7C15ull;
      h ^= h >> 29;
    }
    // The last 0-7 bytes in at most two loads that may overlap (four bytes from each end of a tail
    // of 4-7, two from each end of one of 2-3): every byte of the tail is in one of them, and the
    // tail's length is in the seed.
    const char* const tail_bytes = s.data() + i;
    const std::size_t left = s.size() - i;
    std::uint64_t tail = 0;
    if (left >= 4) {
      tail = Load<std::uint32_t>(tail_bytes) | std::uint64_t{Load<std::uint32_t>(tail_bytes + left - 4)} << 32;
    } else if (left >= 2) {
      tail = Load<std::uint16_t>(tail_bytes) | std::uint64_t{Load<std::uint16_t>(tail_bytes + left - 2)} << 16;
    } else if (left == 1) {
      tail = static_cast<unsigned char>(tail_bytes[0]);
    }
    h ^= tail;  // then MurmurHash3's finalizer, so that every byte reaches the low bits
    h = (h ^ (h >> 33)) * 0xFF51AFD7ED558CCDull;
    h = (h ^ (h >> 33)) * 0xC4CEB9FE1A85EC53ull;
    return static_cast<std::size_t>(h ^ (h >> 33));
  }

 private:
  struct Slot {
    std::size_t hash = 0;
    std::uint32_t begin = 0;  // the key: keys_[begin, +size)
    std::uint32_t size = 0;
    bool used = false;
    T value{};
  };

  // The bytes at p as a word (any alignment).
  template <typename Word>
  static Word Load(const char* p) {
    Word word;
    std::memcpy(&word, p, sizeof word);
    return word;
  }

  std::string_view Key(const Slot& slot) const { return std::string_view(keys_).substr(slot.begin, slot.size); }

  void Grow() {
    std::vector<Slot> old(slots_.empty() ? 256 : 2 * slots_.size());
    old.swap(slots_);
    const std::size_t mask = slots_.size() - 1;
    for (const Slot& slot : old) {
      if (!slot.used) continue;
      std::size_t i = slot.hash & mask;
      while (slots_[i].used) i = (i + 1) & mask;
      slots_[i] = slot;
    }
  }

  std::vector<Slot> slots_;
  std::string keys_;
  std::size_t used_ = 0;
};

}  // namespace pith::text
