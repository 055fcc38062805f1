import TestLintCore

print(ToolInfo.version)
