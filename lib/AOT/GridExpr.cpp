//===- GridExpr.cpp - launch-grid expressions of an AOT kernel
//-------------===//
#include "AOT/GridExpr.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir::triton::aot;

namespace {

/// The functions a grid expression may call, with their arity.
constexpr std::pair<const char *, int> kFunctions[] = {
    {"cdiv", 2}, {"min", 2}, {"max", 2}};

int getFunctionArity(llvm::StringRef name) {
  for (auto [function, arity] : kFunctions)
    if (name == function)
      return arity;
  return -1;
}

llvm::Error makeError(llvm::StringRef text, size_t column,
                      const llvm::Twine &message) {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      llvm::formatv("grid expression '{0}', column {1}: {2}", text, column + 1,
                    message.str())
          .str());
}

/// A token and the column it starts at.
struct Lexeme {
  GridToken token;
  size_t column;
};

/// Splits `text` into tokens; rejects characters and spellings C's integer
/// expressions do not have.
llvm::Expected<std::vector<Lexeme>> lex(llvm::StringRef text) {
  static constexpr const char *kPuncts[] = {
      "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+", "-", "*", "/", "%",
      "(",  ")",  "<",  ">",  "!",  "~",  "&",  "|",  "^", "?", ":", ","};
  std::vector<Lexeme> lexemes;
  size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (llvm::isSpace(c)) {
      ++i;
      continue;
    }
    size_t start = i;
    if (llvm::isAlpha(c) || c == '_') {
      while (i < text.size() && (llvm::isAlnum(text[i]) || text[i] == '_'))
        ++i;
      lexemes.push_back(
          {{GridToken::Identifier, text.slice(start, i).str()}, start});
      continue;
    }
    if (llvm::isDigit(c)) {
      while (i < text.size() && (llvm::isAlnum(text[i]) || text[i] == '_'))
        ++i;
      llvm::StringRef number = text.slice(start, i);
      // Decimal or hex digits, then at most the u/l suffixes of C.
      llvm::StringRef digits = number.rtrim("uUlL");
      unsigned long long value;
      if (digits.getAsInteger(0, value) ||
          number.drop_front(digits.size()).size() > 3)
        return makeError(text, start,
                         "'" + number + "' is not an integer literal");
      lexemes.push_back({{GridToken::Number, number.str()}, start});
      continue;
    }
    bool matched = false;
    for (const char *punct : kPuncts) {
      if (text.substr(i).starts_with(punct)) {
        i += strlen(punct);
        lexemes.push_back({{GridToken::Punct, punct}, start});
        matched = true;
        break;
      }
    }
    if (!matched)
      return makeError(text, start,
                       "unexpected character '" + std::string(1, c) + "'");
  }
  return lexemes;
}

/// How the parser writes the expression back as C: every operation that C
/// leaves undefined on int64_t (overflowing + - * and unary -, division or
/// remainder by zero or of INT64_MIN by -1, shifts by a negative or too
/// large count, left shifts that overflow) goes through a checked helper
/// `<prefix>add(a, b, &<prefix>bad)` etc., which sets the flag instead.
struct Emitter {
  std::string prefix;
  std::function<std::optional<std::string>(llvm::StringRef)> substitute;
  std::string helper(llvm::StringRef name) const { return prefix + name.str(); }
  std::string flag() const { return "&" + prefix + "bad"; }
};

/// Recursive descent over C's expression grammar (conditional down to
/// unary), checking names and arity as it goes (when given the parameters)
/// and building the checked C text of each part (when given an Emitter).
class Parser {
public:
  Parser(llvm::StringRef text, const std::vector<Lexeme> &lexemes,
         std::optional<llvm::ArrayRef<GridParam>> params,
         const Emitter *emitter = nullptr)
      : text(text), lexemes(lexemes), params(params), emitter(emitter) {}

  llvm::Error parse(std::string &out) {
    if (lexemes.empty())
      return makeError(text, 0, "empty expression");
    if (llvm::Error error = parseConditional(out))
      return error;
    if (position != lexemes.size())
      return unexpected("an operator or the end");
    return llvm::Error::success();
  }

private:
  llvm::StringRef text;
  const std::vector<Lexeme> &lexemes;
  std::optional<llvm::ArrayRef<GridParam>> params;
  const Emitter *emitter;
  size_t position = 0;

  bool atPunct(llvm::StringRef punct) const {
    return position < lexemes.size() &&
           lexemes[position].token.kind == GridToken::Punct &&
           lexemes[position].token.text == punct;
  }
  llvm::Error unexpected(llvm::StringRef expected) const {
    if (position == lexemes.size())
      return makeError(text, text.size(),
                       "expected " + expected + ", found the end");
    return makeError(text, lexemes[position].column,
                     "expected " + expected + ", found '" +
                         lexemes[position].token.text + "'");
  }
  llvm::Error expect(llvm::StringRef punct) {
    if (!atPunct(punct))
      return unexpected("'" + punct.str() + "'");
    ++position;
    return llvm::Error::success();
  }
  /// A checked helper call when emitting.
  std::string call(llvm::StringRef name, llvm::ArrayRef<std::string> args,
                   bool checked) const {
    if (!emitter)
      return "";
    std::string c = emitter->helper(name) + "(";
    for (const std::string &arg : args)
      c += arg + ", ";
    if (checked)
      c += emitter->flag();
    else
      c.resize(c.size() - 2);
    return c + ")";
  }

  llvm::Error parseConditional(std::string &out) {
    if (llvm::Error error = parseBinary(0, out))
      return error;
    if (!atPunct("?"))
      return llvm::Error::success();
    ++position;
    std::string then, otherwise;
    if (llvm::Error error = parseConditional(then))
      return error;
    if (llvm::Error error = expect(":"))
      return error;
    if (llvm::Error error = parseConditional(otherwise))
      return error;
    // C evaluates only the branch taken, so a check in the other never
    // fires.
    out = "(" + out + " ? " + then + " : " + otherwise + ")";
    return llvm::Error::success();
  }

  /// Binary operators by C precedence, loosest first.
  static int getPrecedence(llvm::StringRef op) {
    static constexpr std::pair<const char *, int> kLevels[] = {
        {"||", 0}, {"&&", 1}, {"|", 2}, {"^", 3},  {"&", 4},  {"==", 5},
        {"!=", 5}, {"<", 6},  {">", 6}, {"<=", 6}, {">=", 6}, {"<<", 7},
        {">>", 7}, {"+", 8},  {"-", 8}, {"*", 9},  {"/", 9},  {"%", 9}};
    for (auto [spelling, level] : kLevels)
      if (op == spelling)
        return level;
    return -1;
  }

  /// `lhs op rhs` as C: a checked helper for the operators C leaves
  /// undefined on some values, the operator itself (as an int64_t) for the
  /// others, && and || keeping C's short circuit.
  std::string combine(llvm::StringRef op, const std::string &lhs,
                      const std::string &rhs) const {
    static constexpr std::pair<const char *, const char *> kChecked[] = {
        {"+", "add"}, {"-", "sub"}, {"*", "mul"}, {"/", "div"},
        {"%", "mod"}, {"<<", "shl"}, {">>", "shr"}};
    for (auto [spelling, name] : kChecked)
      if (op == spelling)
        return call(name, {lhs, rhs}, /*checked=*/true);
    return "(int64_t)(" + lhs + " " + op.str() + " " + rhs + ")";
  }

  llvm::Error parseBinary(int minLevel, std::string &out) {
    if (llvm::Error error = parseUnary(out))
      return error;
    while (position < lexemes.size() &&
           lexemes[position].token.kind == GridToken::Punct) {
      llvm::StringRef op = lexemes[position].token.text;
      int level = getPrecedence(op);
      if (level < minLevel)
        break;
      ++position;
      std::string rhs;
      if (llvm::Error error = parseBinary(level + 1, rhs))
        return error;
      out = combine(op, out, rhs);
    }
    return llvm::Error::success();
  }

  llvm::Error parseUnary(std::string &out) {
    if (atPunct("-") || atPunct("+") || atPunct("!") || atPunct("~")) {
      llvm::StringRef op = lexemes[position].token.text;
      ++position;
      std::string operand;
      if (llvm::Error error = parseUnary(operand))
        return error;
      if (op == "-")
        out = call("neg", {operand}, /*checked=*/true);
      else if (op == "+")
        out = operand;
      else
        out = "(int64_t)(" + op.str() + operand + ")";
      return llvm::Error::success();
    }
    return parsePrimary(out);
  }

  llvm::Error parsePrimary(std::string &out) {
    if (position == lexemes.size())
      return unexpected("an operand");
    const Lexeme &lexeme = lexemes[position];
    if (lexeme.token.kind == GridToken::Number) {
      ++position;
      out = "(int64_t)" + lexeme.token.text;
      return llvm::Error::success();
    }
    if (atPunct("(")) {
      ++position;
      if (llvm::Error error = parseConditional(out))
        return error;
      return expect(")");
    }
    if (lexeme.token.kind != GridToken::Identifier)
      return unexpected("an operand");
    ++position;
    llvm::StringRef name = lexeme.token.text;
    if (int arity = getFunctionArity(name); arity >= 0) {
      if (llvm::Error error = expect("("))
        return error;
      std::vector<std::string> args(arity);
      for (int argument = 0; argument < arity; ++argument) {
        if (argument > 0)
          if (llvm::Error error = expect(","))
            return error;
        if (llvm::Error error = parseConditional(args[argument]))
          return error;
      }
      // cdiv divides; min and max cannot fail.
      out = call(name, args, /*checked=*/name == "cdiv");
      return expect(")");
    }
    if (emitter)
      out = "(int64_t)" + emitter->substitute(name).value_or(name.str());
    if (!params)
      return llvm::Error::success();
    const GridParam *param = llvm::find_if(
        *params, [&](const GridParam &p) { return p.name == name; });
    if (param == params->end()) {
      std::string known;
      for (const GridParam &p : *params)
        if (p.isInteger)
          known += (known.empty() ? "" : ", ") + p.name;
      return makeError(text, lexeme.column,
                       "unknown name '" + name + "' (integer parameters: " +
                           (known.empty() ? "none" : known) +
                           "; functions: cdiv, min, max)");
    }
    if (!param->isInteger)
      return makeError(text, lexeme.column,
                       "parameter '" + name +
                           "' is not an integer; a grid can only use "
                           "integer parameters");
    return llvm::Error::success();
  }
};

} // namespace

namespace {

/// Tokens as C text: spaces around binary operators, none inside calls,
/// parentheses or after prefix operators.
std::string joinTokens(const std::vector<GridToken> &tokens) {
  // A prefix operator: one of - + ! ~ at the start or after an operator
  // other than ')'.
  auto isUnary = [&](size_t i) {
    return tokens[i].kind == GridToken::Punct &&
           llvm::is_contained({"-", "+", "!", "~"}, tokens[i].text) &&
           (i == 0 || (tokens[i - 1].kind == GridToken::Punct &&
                       tokens[i - 1].text != ")"));
  };
  std::string text;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const GridToken &token = tokens[i];
    bool call = token.text == "(" && i > 0 &&
                tokens[i - 1].kind == GridToken::Identifier;
    if (i > 0 && token.text != ")" && token.text != "," &&
        tokens[i - 1].text != "(" && !call && !isUnary(i - 1))
      text += ' ';
    text += token.text;
  }
  return text;
}

bool isCall(const std::vector<GridToken> &tokens, size_t i) {
  return tokens[i].kind == GridToken::Identifier &&
         getFunctionArity(tokens[i].text) >= 0 && i + 1 < tokens.size() &&
         tokens[i + 1].text == "(";
}

} // namespace

std::string GridExpr::str() const { return joinTokens(tokens); }

std::string
GridExpr::toC(llvm::StringRef helperPrefix,
              const std::function<std::optional<std::string>(llvm::StringRef)>
                  &substitute) const {
  std::string text = str();
  llvm::Expected<std::vector<Lexeme>> lexemes = lex(text);
  Emitter emitter{helperPrefix.str(), substitute};
  std::string c;
  llvm::Error error =
      lexemes ? Parser(text, *lexemes, std::nullopt, &emitter).parse(c)
              : lexemes.takeError();
  // The tokens were checked when the expression was parsed.
  if (error)
    llvm::report_fatal_error(llvm::toString(std::move(error)).c_str());
  return c;
}

std::vector<std::string> GridExpr::getParameters() const {
  std::vector<std::string> names;
  for (size_t i = 0; i < tokens.size(); ++i)
    if (tokens[i].kind == GridToken::Identifier && !isCall(tokens, i) &&
        !llvm::is_contained(names, tokens[i].text))
      names.push_back(tokens[i].text);
  return names;
}

llvm::Expected<GridExpr>
mlir::triton::aot::parseGridExpr(llvm::StringRef text,
                                 llvm::ArrayRef<GridParam> params) {
  llvm::Expected<std::vector<Lexeme>> lexemes = lex(text);
  if (!lexemes)
    return lexemes.takeError();
  Parser parser(text, *lexemes, params);
  std::string unused;
  if (llvm::Error error = parser.parse(unused))
    return std::move(error);
  GridExpr expr;
  for (Lexeme &lexeme : *lexemes)
    expr.tokens.push_back(std::move(lexeme.token));
  return expr;
}

llvm::Expected<std::vector<GridExpr>>
mlir::triton::aot::parseGrid(llvm::StringRef text,
                             llvm::ArrayRef<GridParam> params) {
  std::vector<std::string> parts;
  int depth = 0;
  std::string current;
  for (char c : text) {
    if (c == '(')
      ++depth;
    else if (c == ')')
      --depth;
    if (c == ',' && depth == 0) {
      parts.push_back(current);
      current.clear();
      continue;
    }
    current += c;
  }
  parts.push_back(current);
  if (parts.size() > 3)
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        llvm::formatv("grid '{0}' has {1} dimensions; a launch grid has at "
                      "most 3 (x, y, z)",
                      text, parts.size())
            .str());
  while (parts.size() < 3)
    parts.push_back("1");
  std::vector<GridExpr> grid;
  for (const std::string &part : parts) {
    llvm::Expected<GridExpr> expr =
        parseGridExpr(llvm::StringRef(part).trim(), params);
    if (!expr)
      return expr.takeError();
    grid.push_back(std::move(*expr));
  }
  return grid;
}
