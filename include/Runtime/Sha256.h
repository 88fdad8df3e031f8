//===- Sha256.h - SHA-256 for cache keys and entry checksums ----*- C++ -*-===//
//
// A small SHA-256 (FIPS 180-4) of its own, so the runtime core needs no
// crypto or LLVM library. Used for cache keys (hash of IR, options, target,
// compiler version) and for the checksum that guards each cache file.
//
//===----------------------------------------------------------------------===//
#ifndef TRITON_RUNTIME_SHA256_H
#define TRITON_RUNTIME_SHA256_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace triton::runtime {

/// Incremental SHA-256.
class Sha256 {
public:
  Sha256();
  void update(const void *data, size_t size);
  void update(std::string_view text) { update(text.data(), text.size()); }
  /// Adds the decimal length of `field`, a separator and the field itself,
  /// so that a sequence of fields hashes unambiguously ("ab","c" != "a","bc").
  void addField(std::string_view field);
  /// Finishes and returns the digest; the object must not be used after.
  std::array<uint8_t, 32> finish();
  /// Finishes and returns the digest as 64 lowercase hex digits.
  std::string finishHex();

private:
  void compress(const uint8_t *block);
  std::array<uint32_t, 8> state;
  uint8_t buffer[64];
  size_t buffered = 0;
  uint64_t totalBytes = 0;
};

/// The hex SHA-256 of `data`.
std::string sha256Hex(std::string_view data);

} // namespace triton::runtime

#endif // TRITON_RUNTIME_SHA256_H
