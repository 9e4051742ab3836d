#include "ninepipe_plugin.h"
void ninepipe_plugin_header_unused(void) {}
