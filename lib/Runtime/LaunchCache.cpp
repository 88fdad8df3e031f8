//===- LaunchCache.cpp - the lock-free table of decided launches ----------===//
#include "LaunchCache.h"

#include <cstring>

using namespace triton::runtime;

namespace {

/// splitmix64's finalizer: every input bit moves every output bit.
uint64_t mix(uint64_t value) {
  value ^= value >> 30;
  value *= 0xbf58476d1ce4e5b9ull;
  value ^= value >> 27;
  value *= 0x94d049bb133111ebull;
  value ^= value >> 31;
  return value;
}

} // namespace

uint64_t triton::runtime::hashLaunchKey(uint64_t context, const uint64_t *words,
                                        size_t count) {
  uint64_t hash = mix(context ^ 0x9e3779b97f4a7c15ull);
  for (size_t i = 0; i < count; ++i)
    hash = mix(hash ^ (words[i] + 0x9e3779b97f4a7c15ull + (hash << 6)));
  return hash ? hash : 1; // 0 marks an empty slot
}

/// One generation of the table. A slot's fields and key words are written
/// before its hash is stored (release) and never change after.
struct LaunchCache::Table {
  struct Slot {
    std::atomic<uint64_t> hash{0};
    uint64_t context = 0;
    LaunchTarget target;
  };
  Table(size_t capacity, size_t keyWords)
      : mask(capacity - 1), slots(new Slot[capacity]),
        words(new uint64_t[capacity * (keyWords ? keyWords : 1)]()) {}
  size_t mask; // capacity - 1 (a power of two)
  size_t used = 0;
  std::unique_ptr<Slot[]> slots;
  std::unique_ptr<uint64_t[]> words;
};

LaunchCache::LaunchCache(size_t keyWords) : keyWords(keyWords) {}

LaunchCache::~LaunchCache() = default;

const LaunchTarget *LaunchCache::lookup(const Table &table, uint64_t hash,
                                        uint64_t context,
                                        const uint64_t *key) const {
  // At most half the slots are used, so a probe always meets an empty one.
  for (size_t i = hash & table.mask;; i = (i + 1) & table.mask) {
    const Table::Slot &slot = table.slots[i];
    uint64_t stored = slot.hash.load(std::memory_order_acquire);
    if (stored == 0)
      return nullptr;
    if (stored == hash && slot.context == context &&
        (keyWords == 0 || std::memcmp(&table.words[i * keyWords], key,
                                      keyWords * sizeof(uint64_t)) == 0))
      return &slot.target;
  }
}

bool LaunchCache::find(uint64_t context, const uint64_t *key,
                       LaunchTarget &out) const {
  const Table *table = current.load(std::memory_order_acquire);
  if (!table)
    return false;
  const LaunchTarget *found =
      lookup(*table, hashLaunchKey(context, key, keyWords), context, key);
  if (!found)
    return false;
  out = *found;
  return true;
}

void LaunchCache::place(Table &table, uint64_t hash, uint64_t context,
                        const uint64_t *key, const LaunchTarget &target) {
  size_t i = hash & table.mask;
  while (table.slots[i].hash.load(std::memory_order_relaxed) != 0)
    i = (i + 1) & table.mask;
  Table::Slot &slot = table.slots[i];
  slot.context = context;
  slot.target = target;
  if (keyWords)
    std::memcpy(&table.words[i * keyWords], key, keyWords * sizeof(uint64_t));
  slot.hash.store(hash, std::memory_order_release);
  ++table.used;
}

void LaunchCache::insert(uint64_t context, const uint64_t *key,
                         const LaunchTarget &target) {
  std::lock_guard<std::mutex> lock(writeMutex);
  uint64_t hash = hashLaunchKey(context, key, keyWords);
  Table *table = current.load(std::memory_order_relaxed);
  if (table && lookup(*table, hash, context, key))
    return;
  size_t capacity = table ? table->mask + 1 : 0;
  if (!table || (table->used + 1) * 2 > capacity) {
    // Readers keep using the old table until the new one is published; it
    // is never written again and lives as long as the cache.
    size_t grown = capacity ? capacity * 2 : 16;
    auto next = std::make_unique<Table>(grown, keyWords);
    for (size_t i = 0; table && i < capacity; ++i) {
      const Table::Slot &slot = table->slots[i];
      uint64_t stored = slot.hash.load(std::memory_order_relaxed);
      if (stored)
        place(*next, stored, slot.context, &table->words[i * keyWords],
              slot.target);
    }
    table = next.get();
    tables.push_back(std::move(next));
    current.store(table, std::memory_order_release);
  }
  place(*table, hash, context, key, target);
}

size_t LaunchCache::size() const {
  std::lock_guard<std::mutex> lock(writeMutex);
  const Table *table = current.load(std::memory_order_relaxed);
  return table ? table->used : 0;
}

size_t LaunchCache::getCapacity() const {
  const Table *table = current.load(std::memory_order_acquire);
  return table ? table->mask + 1 : 0;
}

namespace {
/// The per-thread spill buffer of KeyWords and whether a KeyWords holds it.
std::vector<uint64_t> &spillBuffer() {
  thread_local std::vector<uint64_t> buffer;
  return buffer;
}
bool &spillInUse() {
  thread_local bool inUse = false;
  return inUse;
}
} // namespace

KeyWords::KeyWords(size_t count) : words(inlineStorage) {
  if (count <= inlineWords)
    return;
  if (!spillInUse()) {
    std::vector<uint64_t> &buffer = spillBuffer();
    if (buffer.size() < count)
      buffer.resize(count);
    spillInUse() = claimed = true;
    words = buffer.data();
    return;
  }
  owned.resize(count);
  words = owned.data();
}

KeyWords::~KeyWords() {
  if (claimed)
    spillInUse() = false;
}
